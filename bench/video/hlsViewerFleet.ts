/**
 * The HLS load generator of the edge run (edgeHls.ts), in its own process (its CPU is not the
 * server's nor nginx's): N viewers of one HLS stream doing what hls.js does on a live playlist —
 * reload the playlist (every `reloadMs`, starts spread over the first interval), fetch every
 * segment newly listed, once, whole — each on its own keep-alive connection, spread over
 * 127.0.0.2… (10 per address, as viewerFleet.ts). Also notes how far behind the playlist each
 * viewer saw: now − the newest segment's end by its EXT-X-PROGRAM-DATE-TIME.
 * Args: <playlist url> <viewers> <seconds> <reload ms>. Prints one JSON line (HlsFleetResult).
 */
import http from 'node:http';

export interface HlsFleetResult {
  viewers: number;
  playlistRequests: number;
  /** Of those, blocking requests (`_HLS_msn`). */
  blockingRequests: number;
  segmentRequests: number;
  /** Distinct segment names fetched by any viewer. */
  segments: number;
  failures: number;
  /** Per playlist fetch: now − newest listed segment's end (ms), pooled. */
  playlistAgesMs: number[];
  bytes: number;
  cpuMs: number;
  seconds: number;
}

const [url, viewersArg, secondsArg, reloadArg] = process.argv.slice(2);
const VIEWERS = Number(viewersArg);
const SECONDS = Number(secondsArg);
const RELOAD_MS = Number(reloadArg);
const VIEWERS_PER_ADDRESS = 10;
const LINE = /#EXTINF:([0-9.]+),\n#EXT-X-PROGRAM-DATE-TIME:(.+)\n([^\n#]+)/g;

const MEDIA_SEQUENCE = /^#EXT-X-MEDIA-SEQUENCE:([0-9]+)$/m;

const result: HlsFleetResult = { viewers: VIEWERS, playlistRequests: 0, blockingRequests: 0, segmentRequests: 0, segments: 0, failures: 0, playlistAgesMs: [], bytes: 0, cpuMs: 0, seconds: 0 };
const seen = new Set<string>();

function get(agent: http.Agent, localAddress: string, target: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve) => {
    const request = http.get(target, { agent, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', () => resolve({ status: 0, body: Buffer.alloc(0) }));
    });
    request.setTimeout(10_000, () => request.destroy());
    request.on('error', () => resolve({ status: 0, body: Buffer.alloc(0) }));
  });
}

async function viewer(index: number, endAt: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const localAddress = `127.0.0.${2 + Math.floor(index / VIEWERS_PER_ADDRESS)}`;
  const fetched = new Set<string>();
  await new Promise((resolve) => setTimeout(resolve, Math.random() * RELOAD_MS));
  let nextMsn: number | null = null;
  while (Date.now() < endAt) {
    const startedAt = Date.now();
    const playlist = await get(agent, localAddress, nextMsn === null ? (url as string) : `${url}?_HLS_msn=${nextMsn}`);
    result.playlistRequests += 1;
    if (nextMsn !== null) result.blockingRequests += 1;
    nextMsn = null;
    if (playlist.status !== 200) result.failures += 1;
    else {
      const text = playlist.body.toString('utf8');
      const entries = [...text.matchAll(LINE)];
      if (text.includes('CAN-BLOCK-RELOAD=YES') && entries.length > 0) nextMsn = Number(MEDIA_SEQUENCE.exec(text)?.[1] ?? 0) + entries.length;
      const newest = entries.at(-1);
      if (newest !== undefined) result.playlistAgesMs.push(Date.now() - (Date.parse(newest[2] as string) + Number(newest[1]) * 1000));
      // Like a player joining live: only the newest segment at first, then each new one.
      const wanted = fetched.size === 0 ? entries.slice(-1) : entries;
      for (const entry of wanted) {
        const name = (entry[3] as string).trim();
        if (fetched.has(name)) continue;
        fetched.add(name);
        const segment = await get(agent, localAddress, new URL(name, url).toString());
        result.segmentRequests += 1;
        if (segment.status !== 200) result.failures += 1;
        else {
          result.bytes += segment.body.length;
          seen.add(name);
        }
      }
    }
    if (nextMsn === null) await new Promise((resolve) => setTimeout(resolve, Math.max(0, RELOAD_MS - (Date.now() - startedAt))));
  }
  agent.destroy();
}

const startedAt = Date.now();
const cpuBefore = process.cpuUsage();
await Promise.all(Array.from({ length: VIEWERS }, (_, index) => viewer(index, startedAt + SECONDS * 1000)));
const cpu = process.cpuUsage(cpuBefore);
result.cpuMs = (cpu.user + cpu.system) / 1000;
result.seconds = (Date.now() - startedAt) / 1000;
result.segments = seen.size;
process.stdout.write(`${JSON.stringify(result)}\n`);
