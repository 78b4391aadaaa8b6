// Brings in the `wsHandler` route option typing.
import type {} from '@fastify/websocket';
import { errors } from '../../infra/http/errorCatalogue';
import { sendError } from '../../infra/http/errorHandler';
import type { App } from '../../infra/http/types';
import type { LiveDataHub } from './liveDataHub';

export interface LiveDataRoutesOptions {
  hub: LiveDataHub;
}

/** `/ws/live-data`: the realtime socket of scores and live data (address given by getHot). */
export async function liveDataRoutes(app: App, { hub }: LiveDataRoutesOptions): Promise<void> {
  app.route({
    method: 'GET',
    url: '/ws/live-data',
    // A plain HTTP GET (no upgrade) gets an envelope saying what is expected, not an empty 404.
    handler: (_request, reply) => sendError(reply, errors.WEBSOCKET_REQUIRED()),
    wsHandler: (socket) => hub.accept(socket),
  });
}
