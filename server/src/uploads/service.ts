import { randomBytes } from 'node:crypto';
import type { UploadResult, UploadToken } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { AccountServices } from '../accounts/index';
import { hashToken } from '../accounts/index';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { ALLOWED_IMAGE_TYPES, detectImageType } from '../infra/storage/imageType';

export const UPLOAD_URL = '/api/upload';
export const UPLOAD_TOKEN_TTL_MS = 10 * 60_000;
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const TOKEN_PATTERN = /^up_[A-Za-z0-9_-]{43}$/;

/** `getQiniuToken`: a token for one upload by this user, valid 10 minutes, stored hashed. */
export async function issueUploadToken(db: Kysely<Database>, services: AccountServices, userId: number): Promise<UploadToken> {
  const token = `up_${randomBytes(32).toString('base64url')}`;
  const now = services.clock();
  const expiresAt = new Date(now.getTime() + UPLOAD_TOKEN_TTL_MS);
  await db.insertInto('upload').values({ user_id: userId, token_hash: hashToken(token), created_at: now, expires_at: expiresAt }).execute();
  return { token, uploadUrl: UPLOAD_URL, expiresAt: expiresAt.toISOString(), maxBytes: MAX_UPLOAD_BYTES, allowedTypes: [...ALLOWED_IMAGE_TYPES] };
}

/** A token that is ours, unused and unexpired: its row id, else null. */
export async function usableUploadToken(db: Kysely<Database>, token: string, now: Date): Promise<number | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .selectFrom('upload')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Stores one image under a random name of ours. The type comes from the magic bytes (the
 * client's file name and Content-Type are ignored). The token is spent only by a stored file,
 * atomically, so two uploads racing with one token store one file.
 */
export async function acceptUpload(db: Kysely<Database>, services: AccountServices, token: string, bytes: Buffer): Promise<UploadResult> {
  const now = services.clock();
  const uploadId = await usableUploadToken(db, token, now);
  if (uploadId === null) throw errors.UPLOAD_TOKEN_INVALID();
  if (bytes.length > MAX_UPLOAD_BYTES) throw errors.UPLOAD_TOO_BIG();
  const type = detectImageType(bytes);
  if (type === null) throw errors.UPLOAD_BAD_TYPE();
  const name = `${randomBytes(16).toString('hex')}.${type.extension}`;
  const url = await services.uploads.save(name, bytes, type.contentType);
  const claimed = await db
    .updateTable('upload')
    .set({ used_at: now, file_name: name, content_type: type.contentType, size_bytes: bytes.length })
    .where('id', '=', uploadId)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (claimed === undefined) {
    await services.uploads.remove(name);
    throw errors.UPLOAD_TOKEN_INVALID();
  }
  return { url };
}

/** Is `url` a file this user uploaded to our store? */
export async function isOwnUpload(db: Kysely<Database>, services: AccountServices, userId: number, url: string): Promise<boolean> {
  const name = services.uploads.nameOf(url);
  if (name === null) return false;
  const row = await db.selectFrom('upload').select('id').where('file_name', '=', name).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
