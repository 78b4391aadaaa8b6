import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { App } from '../http/types';
import { handleWebSocketError } from '../http/webSocketErrors';

/** ws drops a connection above this; the hubs answer frames over 4 KiB with an error frame first. */
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Shutdowns of the socket owners (the live-data hub, …), run as the app closes and before
     * @fastify/websocket closes whatever sockets are left: a hub says goodbye itself (1001, its
     * feed stopped first) instead of having its sockets cut.
     */
    socketShutdowns: SocketShutdowns;
  }
}

export class SocketShutdowns {
  private readonly steps: Array<() => Promise<void>> = [];

  add(step: () => Promise<void>): void {
    this.steps.push(step);
  }

  async runAll(): Promise<void> {
    await Promise.all(this.steps.map((step) => step()));
  }
}

/**
 * The app's WebSocket support, in one place: @fastify/websocket with the payload bound and the
 * error handler every socket route shares, and the shutdown list that runs before its own close.
 * Socket domains declare a dependency on it ('sockets').
 */
async function webSockets(app: App): Promise<void> {
  const shutdowns = new SocketShutdowns();
  app.decorate('socketShutdowns', shutdowns);
  // Added before @fastify/websocket's own preClose, so it runs first (hooks run in order).
  app.addHook('preClose', async () => shutdowns.runAll());
  await app.register(fastifyWebsocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES }, errorHandler: handleWebSocketError });
}

export const webSocketPlugin = fp(webSockets, { name: 'sockets' });
