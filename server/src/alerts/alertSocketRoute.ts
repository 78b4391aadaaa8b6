// Brings in the `wsHandler` route option typing.
import type {} from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import { sameHost, sessionOf } from '../accounts/index';
import { errors } from '../infra/http/errorCatalogue';
import { sendError } from '../infra/http/errorHandler';
import type { App } from '../infra/http/types';
import type { AlertSockets } from './alertSockets';

/** The path of the alert socket (alerts/README.md, "Without the site chat"). */
export const ALERT_SOCKET_PATH = '/ws/alerts';

/**
 * The session cookie is ambient: a page of another site must not open a socket as our member
 * (cross-site WebSocket hijacking), so an upgrade that says it comes from elsewhere is refused.
 */
async function requireThisSite(request: FastifyRequest): Promise<void> {
  const origin = request.headers.origin;
  if (request.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && !sameHost(origin, request.headers.host))) throw errors.BAD_ORIGIN();
}

/**
 * `GET /ws/alerts`: a signed-in member's page (the `token` cookie, or the header of other
 * clients) upgrades to the alert socket; no session answers the login errors, another site's
 * page BAD_ORIGIN, a plain GET WEBSOCKET_REQUIRED.
 */
export async function alertSocketRoute(app: App, { sockets }: { sockets: AlertSockets }): Promise<void> {
  app.route({
    method: 'GET',
    url: ALERT_SOCKET_PATH,
    preHandler: [requireThisSite, app.requireLogin],
    handler: (_request, reply) => sendError(reply, errors.WEBSOCKET_REQUIRED()),
    wsHandler: (socket, request) => sockets.accept(Number(sessionOf(request).user.id), socket),
  });
}
