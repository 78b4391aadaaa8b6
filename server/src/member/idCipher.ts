import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { loadOrCreateSecret } from '../infra/localSecret';
import { decodeMemberIdKey } from './memberConfig';

/**
 * Encryption of ID numbers and legal names at rest (DESIGN.md section 4): AES-256-GCM with a
 * random 12-byte IV, the key from MEMBER_ID_KEY or generated once into DATA_DIR. A stored value
 * is `version (1) | IV (12) | tag (16) | ciphertext`, and its additional data names the user and
 * the field, so a value copied to another row or column does not decrypt. The one-account-per-ID
 * rule compares an HMAC-SHA-256 of the normalised number under a key derived from the same
 * secret (HKDF), never the number itself.
 */
export interface IdCipher {
  encrypt(plain: string, context: string): Buffer;
  /** Throws when the value was not made with this key and context. */
  decrypt(stored: Buffer, context: string): string;
  /** The uniqueness fingerprint of a normalised ID number. */
  fingerprint(idNumber: string): Buffer;
}

/** The file the generated key is kept in (when MEMBER_ID_KEY is not set). */
export const MEMBER_ID_KEY_FILE = 'member-id-key';

const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createIdCipher(key: Buffer): IdCipher {
  if (key.length !== 32) throw new Error('the member ID key must be 32 bytes');
  const fingerprintKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'sports member id-number fingerprint v1', 32));
  return {
    encrypt(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag(), ciphertext]);
    },
    decrypt(stored, context) {
      if (stored.length < 1 + IV_BYTES + TAG_BYTES || stored[0] !== FORMAT_VERSION) throw new Error('not a member ID cipher value');
      const iv = stored.subarray(1, 1 + IV_BYTES);
      const tag = stored.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(stored.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    fingerprint(idNumber) {
      return createHmac('sha256', fingerprintKey).update(idNumber, 'utf8').digest();
    },
  };
}

/** The cipher over MEMBER_ID_KEY, or over the key generated once into DATA_DIR/member-id-key. */
export async function loadIdCipher(configured: string | null, dataDir: string): Promise<IdCipher> {
  const secret = await loadOrCreateSecret(configured, dataDir, MEMBER_ID_KEY_FILE);
  const key = decodeMemberIdKey(secret);
  if (key === null) throw new Error(`the member ID key (MEMBER_ID_KEY or ${MEMBER_ID_KEY_FILE} in DATA_DIR) must be 32 bytes in base64`);
  return createIdCipher(key);
}

/** The additional data of a member's stored field. */
export const cipherContext = (userId: number, field: 'name' | 'id_number'): string => `member_real_name:${userId}:${field}`;
