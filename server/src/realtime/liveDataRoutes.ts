// Brings in the `wsHandler` route option typing.
import type {} from '@fastify/websocket';
import { ResponseCode } from '@sports/shared/server';
import { fail } from '../http/envelope';
import { sendEnvelope } from '../http/errorHandler';
import type { App } from '../http/types';
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
    handler: (_request, reply) => sendEnvelope(reply, 426, fail(ResponseCode.Error, '请使用 WebSocket 连接')),
    wsHandler: (socket) => hub.accept(socket),
  });
}
