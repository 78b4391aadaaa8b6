import fastifyMultipart from '@fastify/multipart';
import { Envelope, UploadResultSchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { AccountServices } from '../accounts/index';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { MAX_UPLOAD_BYTES, UPLOAD_URL, acceptUpload } from './service';

export interface UploadRoutesOptions {
  db: Kysely<Database>;
  services: AccountServices;
}

/**
 * `POST /api/upload`: multipart/form-data with `token` (from getQiniuToken) and `file`, like the
 * object store's own form upload. Multipart is accepted here only (this plugin's scope).
 */
export async function uploadRoutes(app: App, { db, services }: UploadRoutesOptions): Promise<void> {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 5, headerPairs: 20 },
  });

  app.post(UPLOAD_URL, { schema: { response: { 200: Envelope(UploadResultSchema) } } }, async (request) => {
    if (!request.isMultipart()) throw errors.UPLOAD_NOT_MULTIPART();
    let token: string | undefined;
    let bytes: Buffer | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'token' && typeof part.value === 'string') token = part.value;
        } else if (part.fieldname === 'file') {
          bytes = await part.toBuffer();
        } else {
          part.file.resume();
        }
      }
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw errors.UPLOAD_TOO_BIG();
      request.log.info({ err: error }, 'upload: malformed multipart body');
      throw errors.UPLOAD_BAD_FORM();
    }
    if (token === undefined) throw errors.UPLOAD_MISSING_TOKEN();
    if (bytes === undefined) throw errors.UPLOAD_MISSING_FILE();
    return ok(await acceptUpload(db, services, token, bytes));
  });
}
