import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { Database } from '../../infra/db/schema';
import type { App } from '../../infra/http/types';
import { roomIdOfStream } from './playbackUrls';
import { admitPush, signOf } from './publishGate';
import { pushRefusalText } from './pushSignature';
import type { StreamLifecycle } from './streamLifecycle';

/** Answered to the media server (not a browser) when a hook call lacks the shared secret; not an API envelope. */
const HOOK_FORBIDDEN = '回调密钥无效';

export interface HookRoutesOptions {
  db: Kysely<Database>;
  secret: () => string;
  hookSecret: string;
  lifecycle: StreamLifecycle;
}

/**
 * MEDIA_MODE=external: an SRS-style media server asks before a publish and tells when it ends.
 * `POST /api/media/hooks/on_publish` and `…/on_unpublish`, JSON `{app, stream, param: '?sign=…'}`,
 * authenticated by MEDIA_HOOK_SECRET (`?secret=` in the callback URL, or `Authorization: Bearer`).
 * SRS allows the publish on HTTP 200 with `{"code": 0}` and refuses on anything else.
 * The media server refuses a second publisher of a stream itself, so a publish on a room still
 * marked live (a lost on_unpublish) ends that broadcast and starts a new one.
 */
export async function hookRoutes(app: App, options: HookRoutesOptions): Promise<void> {
  const body = Type.Object({
    app: Type.String({ maxLength: 64 }),
    stream: Type.String({ maxLength: 64 }),
    param: Type.Optional(Type.String({ maxLength: 1_000 })),
  });
  const querystring = Type.Object({ secret: Type.Optional(Type.String({ maxLength: 200 })) });

  app.post('/api/media/hooks/on_publish', { schema: { body, querystring } }, async (request, reply) => {
    if (!authorized(request, options.hookSecret)) return reply.status(403).send({ code: 403, msg: HOOK_FORBIDDEN });
    const { stream, param } = request.body;
    const sign = signOf(new URLSearchParams(param ?? ''));
    const decision = await admitPush(options.db, options.secret(), stream, sign, Math.floor(Date.now() / 1000));
    if (!decision.ok) {
      request.log.warn({ stream, ip: request.ip, reason: pushRefusalText[decision.reason] }, 'push refused');
      return reply.status(403).send({ code: 403, msg: pushRefusalText[decision.reason] });
    }
    if (decision.room.stream_status === 'live') request.log.warn({ stream }, 'publish on a room still live: its broadcast is closed');
    await options.lifecycle.started(decision.room.id);
    return { code: 0 };
  });

  app.post('/api/media/hooks/on_unpublish', { schema: { body, querystring } }, async (request, reply) => {
    if (!authorized(request, options.hookSecret)) return reply.status(403).send({ code: 403, msg: HOOK_FORBIDDEN });
    const roomId = roomIdOfStream(request.body.stream);
    if (roomId !== null) await options.lifecycle.ended(roomId);
    return { code: 0 };
  });
}

function authorized(request: FastifyRequest<{ Querystring: { secret?: string } }>, expected: string): boolean {
  const header = request.headers.authorization;
  const presented = header?.startsWith('Bearer ') === true ? header.slice(7) : request.query.secret;
  if (presented === undefined) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
