import fs from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { App } from '../infra/http/types';
import { SERVER_DIR } from '../infra/config/serverPaths';
import { errors } from '../infra/http/errorCatalogue';
import { OPS_TOKEN_HEADER } from '../infra/http/opsAuth';

/** Where the browsable page is; the document itself is at `${API_DOCS_PREFIX}/json` (and /yaml). */
export const API_DOCS_PREFIX = '/api/docs';

/**
 * Starts collecting the OpenAPI 3 document from the route schemas (TypeBox schemas are JSON
 * Schema already). @fastify/swagger records routes with an onRoute hook, so this must run
 * before any route is registered (app.ts calls it right after the route table). Every route
 * appears, with or without a schema; only the docs' own routes and /metrics are hidden. HEAD routes Fastify adds beside each GET are left out (the same answer without a body).
 */
export async function collectOpenApi(app: App): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Sports live platform API',
        version: serverVersion(),
        description:
          'Every answer of /api/ is the envelope {code, msg, data} (code 200: success; failures carry code, msg and a reason key). Generated from the route schemas. ' +
          'WebSocket routes (/ws/...) are listed as the GET that upgrades; their frames are described in @sports/shared.',
      },
      components: { securitySchemes: { opsToken: { type: 'apiKey', in: 'header', name: OPS_TOKEN_HEADER } } },
    },
    // Which routes show is decided here, for all of them: @fastify/static hides its file routes
    // (/web/*, /uploads/*) by default, and they are part of what this server answers.
    transform: ({ schema, url, route }) => {
      const hide = url === '/metrics' || url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`);
      // WebSocket upgrades say so: a plain GET only gets 426.
      const upgrade = (route as { wsHandler?: unknown }).wsHandler !== undefined;
      // Every API call can fail with the catalogue's answer: documented once, as each one's default.
      const response = url.startsWith('/api/') ? { ...(schema?.response as object | undefined), default: FAILURE_ANSWER } : schema?.response;
      return {
        schema: { ...schema, hide, ...(response !== undefined ? { response } : {}), ...(upgrade ? { description: 'WebSocket: connect with Upgrade: websocket (a plain GET is answered 426).' } : {}) },
        url,
      };
    },
  });
}

/**
 * A failed API call's answer (infra/http/errorCatalogue.ts): `code` 1 (or SPEC.md section 8's
 * 700/50008/50012/50014), the message the page shows, no data, and the stable reason key clients
 * and tests tell failures apart by. Documentation only: the routes' own schemas serialize.
 */
const FAILURE_ANSWER = {
  description: 'A failure: one entry of the error catalogue (HTTP status 200 unless the client must act differently: 400, 403, 404, 409, 413, 429, 503…)',
  type: 'object',
  required: ['code', 'msg', 'data', 'reason'],
  properties: {
    code: { type: 'integer', description: '1, or 700 (log in), 50008/50012/50014 (logged out)' },
    msg: { type: 'string', description: 'the zh-CN message the page shows' },
    data: { type: 'null', nullable: true },
    reason: { type: 'string', enum: Object.keys(errors).sort(), description: 'the catalogue entry: stable across message changes' },
  },
};

/**
 * The browsable page (Swagger UI) at /api/docs and the document at /api/docs/json. Registered
 * after the routes (it only serves what collectOpenApi gathered). `guard` (protected mode) runs
 * before the page and the document; Swagger UI's own script and style files stay public (they
 * say nothing about this API).
 *
 * Content-Security-Policy: the page is a file with three <script src> and two stylesheets, no
 * inline script, so the site's own policy (infra/http/contentSecurityPolicy.ts: script-src 'self')
 * fits it and is left to the securityHeaders hook: no staticCSP of the plugin's own.
 */
export async function apiDocsPage(app: App, guard: onRequestAsyncHookHandler | undefined): Promise<void> {
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    ...(guard !== undefined ? { uiHooks: { onRequest: guard } } : {}),
    uiConfig: { deepLinking: true, docExpansion: 'list' },
  });
}

/** The server package's version, the document's `info.version`. */
function serverVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}
