import { ResponseCode } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import { sendEnvelope } from '../infra/http/errorHandler';
import type { App } from '../infra/http/types';

export interface HealthOptions {
  db: Kysely<Database>;
  /** A health check must answer quickly even when the database hangs. */
  timeoutMs?: number;
}

/** `GET /healthz` for load balancers and scripts: 200 when the database answers, else 503. */
export async function healthPlugin(app: App, options: HealthOptions): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 2_000;
  app.get('/healthz', async (request, reply) => {
    try {
      await withTimeout(sql`select 1`.execute(options.db), timeoutMs);
      return sendEnvelope(reply, 200, ok({ status: 'ok', db: 'ok' }));
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      return sendEnvelope(reply, 503, { code: ResponseCode.Error, msg: '数据库不可用', data: { status: 'error', db: 'down' } });
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
