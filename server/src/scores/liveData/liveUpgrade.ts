import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { LiveWorkerPool } from './liveWorkerPool';

export const LIVE_DATA_PATH = '/ws/live-data';

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** The router is case-insensitive (app.ts) and a query string is allowed, as for the route itself. */
export function isLiveDataUpgrade(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  return (query < 0 ? url : url.slice(0, query)).toLowerCase() === LIVE_DATA_PATH;
}

/**
 * Sends upgrades to /ws/live-data to the fan-out workers before anything else sees them; every
 * other upgrade (and a live-data one no worker can take) goes to the listeners already on the
 * server (@fastify/websocket's routing), so those sockets are served by this process as before.
 * Must be called after those listeners are attached (onReady). Returns `refuse`, for shutdown:
 * from then on a live-data upgrade (a client reconnecting) is answered 503 and its connection
 * closed at once; left to the closing router it would stay open and hold up the server's close.
 */
export function routeLiveDataUpgrades(server: Server, pool: LiveWorkerPool): { refuse(): void } {
  const others = server.listeners('upgrade') as UpgradeListener[];
  let refusing = false;
  server.removeAllListeners('upgrade');
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isLiveDataUpgrade(request)) {
      if (refusing) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n', () => socket.destroy());
        return;
      }
      if (pool.handOff(request, socket, head)) return;
    }
    for (const listener of others) listener.call(server, request, socket, head);
  });
  return {
    refuse: () => {
      refusing = true;
    },
  };
}
