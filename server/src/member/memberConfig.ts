import type { ReadVar } from '../infra/config/envVars';

/** The member domain's configuration (config.ts collects it with the others). */
export interface MemberConfig {
  /**
   * MEMBER_ID_KEY: 32 bytes in base64, the key ID numbers and legal names are encrypted with
   * (AES-256-GCM) and the key the ID numbers' uniqueness HMAC is derived from. Null: one is
   * generated once into DATA_DIR/member-id-key (member/idCipher.ts). Changing it makes the
   * stored ones unreadable: keep it with the database's backups.
   */
  idKey: string | null;
}

export function defaultMemberConfig(): MemberConfig {
  return { idKey: null };
}

/** Bytes of the AES-256 key. */
export const MEMBER_ID_KEY_BYTES = 32;

/** Decodes a base64 (or base64url) key; null unless it is exactly 32 bytes. */
export function decodeMemberIdKey(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const key = Buffer.from(text, 'base64');
  return key.length === MEMBER_ID_KEY_BYTES ? key : null;
}

/** MEMBER_ID_KEY. */
export function loadMemberConfig(read: ReadVar, problems: string[]): MemberConfig {
  const raw = read('MEMBER_ID_KEY');
  if (raw === undefined) return defaultMemberConfig();
  if (decodeMemberIdKey(raw) === null) {
    problems.push('MEMBER_ID_KEY must be 32 bytes in base64 (make one with: openssl rand -base64 32)');
    return defaultMemberConfig();
  }
  return { idKey: raw };
}
