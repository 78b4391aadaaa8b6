import net from 'node:net';

/** The ports `npm start` takes: the site (PORT) and the RTMP ingest (MEDIA_RTMP_PORT). */
export const DEFAULT_SITE_PORTS = [8080, 1935] as const;

/**
 * Runs `start` while the site's default ports are taken, as they are when `npm start` runs on
 * the same machine: a test server that binds any fixed port then fails to start. A port that is
 * already taken (by a running site) is the same condition, so it is left as it is.
 */
export async function withDefaultPortsBusy<T>(start: () => Promise<T>): Promise<T> {
  const holders = (await Promise.all(DEFAULT_SITE_PORTS.map(holdPort))).filter((holder) => holder !== null);
  try {
    return await start();
  } finally {
    await Promise.all(holders.map((holder) => new Promise((resolve) => holder.close(resolve))));
  }
}

async function holdPort(port: number): Promise<net.Server | null> {
  const holder = net.createServer((socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    holder.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(null) : reject(error)));
    // No host: the wildcard address, so a server on 127.0.0.1 or 0.0.0.0 both collide with it.
    holder.listen(port, () => resolve(holder));
  });
}
