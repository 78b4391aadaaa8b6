import { Envelope, SetAnchorRequestSchema, SetAnchorResultSchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { createRequireOps } from '../infra/http/opsAuth';

export interface AnchorsOpsOptions {
  db: Kysely<Database>;
  opsToken: string;
}

/**
 * `POST /api/ops/anchors` {mobile, is_anchor}: ops grant or revoke anchor status (until the
 * anchor application flow exists). Guarded by the ops token exactly as the rollout ops routes:
 * an onRequest hook, so strangers are refused before their body is read.
 */
export async function anchorsOpsRoutes(app: App, { db, opsToken }: AnchorsOpsOptions): Promise<void> {
  app.addHook('onRequest', createRequireOps(opsToken));
  app.post('/api/ops/anchors', { schema: { body: SetAnchorRequestSchema, response: { 200: Envelope(SetAnchorResultSchema) } } }, async (request) => {
    const user = await db
      .updateTable('app_user')
      .set({ is_anchor: request.body.is_anchor })
      .where('mobile', '=', request.body.mobile)
      .returning(['id', 'mobile', 'is_anchor'])
      .executeTakeFirst();
    if (user === undefined) throw errors.LIVE_MOBILE_NOT_REGISTERED();
    request.log.info({ userId: user.id, isAnchor: user.is_anchor }, 'anchor status set by ops');
    return ok({ user_id: user.id, mobile: user.mobile, is_anchor: user.is_anchor });
  });
}
