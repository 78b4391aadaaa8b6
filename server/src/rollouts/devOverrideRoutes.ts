import { Envelope, RemoteNameSchema } from '@sports/shared/server';
import Type from 'typebox';
import { errors } from '../infra/http/errorCatalogue';
import { ok } from '../infra/http/envelope';
import { createRequireOps, opsActor } from '../infra/http/opsAuth';
import type { App } from '../infra/http/types';
import { DEFAULT_DEV_OVERRIDE_MINUTES, DEV_OVERRIDE_QUERY_PARAMETER, DEV_OVERRIDE_URL_MAX_LENGTH, MAX_DEV_OVERRIDE_MINUTES, checkDevManifestUrl, signDevOverride } from './devOverride';

/** What the refusal of a bad address says (VALIDATION's detail). */
export const devOverrideMessages = {
  badUrl: `开发服务器地址必须是 http(s) 的 …/mf-manifest.json，最长 ${DEV_OVERRIDE_URL_MAX_LENGTH} 个字符，不带用户名、查询或片段`,
} as const;

const DevOverrideRequestSchema = Type.Object(
  {
    remote: RemoteNameSchema,
    manifestUrl: Type.String({ minLength: 1, maxLength: DEV_OVERRIDE_URL_MAX_LENGTH }),
    minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DEV_OVERRIDE_MINUTES })),
  },
  { additionalProperties: false },
);

const DevOverrideGrantSchema = Type.Object({
  remote: RemoteNameSchema,
  manifestUrl: Type.String(),
  value: Type.String(),
  expiresAt: Type.String(),
  /** The page address, relative to the site: `/web/?mf_dev=<value>`. */
  url: Type.String(),
});

/**
 * `POST /api/mf/dev-overrides` (ops token): a signed dev override, accepted by every node sharing
 * the ops token, production included (devOverride.ts). `pnpm dev:remote --ops-token` asks for one
 * when the site is not this machine's, or refuses unsigned ones.
 */
export async function devOverrideRoutes(app: App, options: { opsToken: string; key: Buffer }): Promise<void> {
  app.addHook('onRequest', createRequireOps(options.opsToken));
  app.post('/api/mf/dev-overrides', { schema: { body: DevOverrideRequestSchema, response: { 200: Envelope(DevOverrideGrantSchema) } } }, async (request) => {
    const { remote, manifestUrl, minutes = DEFAULT_DEV_OVERRIDE_MINUTES } = request.body;
    const url = checkDevManifestUrl(manifestUrl);
    if (url === null) throw errors.VALIDATION(devOverrideMessages.badUrl);
    const expiresAt = Math.floor((Date.now() + minutes * 60_000) / 1000) * 1000;
    const value = signDevOverride(options.key, remote, url.href, expiresAt);
    request.log.info({ remote, manifestUrl: url.href, expiresAt, actor: opsActor(request) }, 'dev override issued');
    return ok({ remote, manifestUrl: url.href, value, expiresAt: new Date(expiresAt).toISOString(), url: `/web/?${DEV_OVERRIDE_QUERY_PARAMETER}=${encodeURIComponent(value)}` });
  });
}
