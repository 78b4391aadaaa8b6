/**
 * 500 HLS viewers through the edge (deploy/nginx in Debian's nginx) against the same viewers
 * straight at the node, in one run (issue 37): how many segment requests reach the node per
 * segment (target <= 1.05: the edge pulls each segment once), and the node's CPU either way.
 * The viewers are hlsViewerFleet.ts in a separate process; nginx runs with one worker and its
 * CPU is counted apart. Exported for bench/video/run.ts; edgeRun.ts runs it on its own.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type NginxEdge, type ServerProcess, startNginxEdge } from '@sports/server/bench';
import { processCpuMs } from '../common/cpu';
import type { HlsFleetResult } from './hlsViewerFleet';
import { percentile } from './stats';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface EdgeHlsOptions {
  server: ServerProcess;
  /** room<id> of a stream being pushed to the server. */
  stream: string;
  viewers: number;
  seconds: number;
  /** How often each viewer reloads the playlist (hls.js: about a target duration), ms. */
  reloadMs?: number;
  log: (line: string) => void;
}

export interface HlsPhase {
  fleet: HlsFleetResult;
  /** The node's CPU over the window, ms of CPU per second. */
  nodeCpuMsPerSecond: number;
  /** Segment requests that reached the node, per distinct segment the viewers fetched. */
  nodeSegmentRequests: number;
  nodePlaylistRequests: number;
}

export interface EdgeHlsResult {
  direct: HlsPhase;
  edge: HlsPhase & { nginxCpuMsPerSecond: number; cacheHits: number };
  idleNodeCpuMsPerSecond: number;
}

function runFleet(url: string, viewers: number, seconds: number, reloadMs: number): Promise<HlsFleetResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', path.join(HERE, 'hlsViewerFleet.ts'), url, String(viewers), String(seconds), String(reloadMs)], { maxBuffer: 256 << 20 }, (error, stdout) => {
      if (error) return reject(error);
      resolve(JSON.parse(stdout) as HlsFleetResult);
    });
  });
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
const SEGMENT_LINE = /"GET \/live\/room[0-9]+\/[0-9a-z-]*seg[0-9]+\.ts HTTP[^"]*" ([0-9]{3}) [0-9]+ cache=([A-Z-]+) upstream=([^ ]+)/;
const PLAYLIST_LINE = /"GET \/live\/room[0-9]+\/index\.m3u8(?:\?_HLS_msn=[0-9]+)? HTTP[^"]*" [0-9]{3} [0-9]+ cache=[A-Z-]+ upstream=([^ ]+)/;

/** The direct phase, an idle window, then the edge phase; each `seconds` long. */
export async function measureEdgeHls(options: EdgeHlsOptions): Promise<EdgeHlsResult> {
  const { server, stream, viewers, seconds, log } = options;
  const reloadMs = options.reloadMs ?? 1_000;
  const playlistPath = `/live/${stream}/index.m3u8`;

  log(`HLS edge: node CPU with nothing watching, ${seconds} s`);
  let before = processCpuMs(server.pid);
  let startedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const idleNodeCpuMsPerSecond = (processCpuMs(server.pid) - before) / ((Date.now() - startedAt) / 1000);

  log(`HLS edge: ${viewers} viewers straight at the node, ${seconds} s`);
  before = processCpuMs(server.pid);
  startedAt = Date.now();
  const directFleet = await runFleet(`${server.httpUrl}${playlistPath}`, viewers, seconds, reloadMs);
  const direct: HlsPhase = {
    fleet: directFleet,
    nodeCpuMsPerSecond: (processCpuMs(server.pid) - before) / ((Date.now() - startedAt) / 1000),
    nodeSegmentRequests: directFleet.segmentRequests,
    nodePlaylistRequests: directFleet.playlistRequests,
  };

  const edge: NginxEdge = await startNginxEdge([new URL(server.httpUrl).host], { workers: 1 });
  try {
    log(`HLS edge: the same ${viewers} viewers through nginx (deploy/nginx, 1 worker), ${seconds} s`);
    before = processCpuMs(server.pid);
    const nginxBefore = cpuOf(edge.pids());
    startedAt = Date.now();
    const edgeFleet = await runFleet(`${edge.url}${playlistPath}`, viewers, seconds, reloadMs);
    const elapsed = (Date.now() - startedAt) / 1000;
    const nodeCpuMsPerSecond = (processCpuMs(server.pid) - before) / elapsed;
    const nginxCpuMsPerSecond = (cpuOf(edge.pids()) - nginxBefore) / elapsed;
    // What nginx asked the node for: access-log lines with an upstream address (a HIT has none).
    let nodeSegmentRequests = 0;
    let nodePlaylistRequests = 0;
    let cacheHits = 0;
    for (const line of (await edge.accessLog()).split('\n')) {
      const segment = SEGMENT_LINE.exec(line);
      if (segment !== null) {
        if (segment[3] !== '-') nodeSegmentRequests += segment[3]!.split(',').length;
        if (segment[2] === 'HIT') cacheHits += 1;
        continue;
      }
      const playlist = PLAYLIST_LINE.exec(line);
      if (playlist !== null && playlist[1] !== '-') nodePlaylistRequests += 1;
    }
    return { idleNodeCpuMsPerSecond, direct, edge: { fleet: edgeFleet, nodeCpuMsPerSecond, nodeSegmentRequests, nodePlaylistRequests, nginxCpuMsPerSecond, cacheHits } };
  } finally {
    await edge.stop();
  }
}

/** The result as printed lines. */
export function edgeHlsReport(result: EdgeHlsResult, viewers: number): { lines: string[]; perSegment: number; ok: boolean } {
  const { direct, edge } = result;
  const perSegment = edge.nodeSegmentRequests / Math.max(1, edge.fleet.segments);
  const percent = (msPerSecond: number) => `${((msPerSecond / 1000) * 100).toFixed(1)} %`;
  const ok = perSegment <= 1.05 && edge.fleet.failures === 0 && edge.fleet.segments > 0;
  const lines = [
    `${viewers} HLS viewers (separate process; each asks the playlist for its next segment, held by the node (LL-HLS blocking reload) or every second where not offered, and fetches each new segment once)`,
    `                                   direct at the node     through nginx`,
    `  playlist requests at the node    ${String(direct.nodePlaylistRequests).padStart(10)}        ${String(edge.nodePlaylistRequests).padStart(10)}   (viewers made ${edge.fleet.playlistRequests}, ${edge.fleet.blockingRequests} of them blocking)`,
    `  segment requests at the node     ${String(direct.nodeSegmentRequests).padStart(10)}        ${String(edge.nodeSegmentRequests).padStart(10)}   (viewers made ${edge.fleet.segmentRequests}; ${edge.cacheHits} cache hits)`,
    `  distinct segments                ${String(direct.fleet.segments).padStart(10)}        ${String(edge.fleet.segments).padStart(10)}`,
    `  node requests per segment        ${(direct.nodeSegmentRequests / Math.max(1, direct.fleet.segments)).toFixed(2).padStart(10)}        ${perSegment.toFixed(2).padStart(10)}   target <= 1.05 through nginx: ${ok ? 'PASS' : 'FAIL'}`,
    `  node CPU (idle: ${percent(result.idleNodeCpuMsPerSecond)})     ${percent(direct.nodeCpuMsPerSecond).padStart(10)}        ${percent(edge.nodeCpuMsPerSecond).padStart(10)}   ratio through nginx / direct: ${(edge.nodeCpuMsPerSecond / direct.nodeCpuMsPerSecond).toFixed(2)}`,
    `  node CPU per delivered segment   ${(direct.nodeCpuMsPerSecond * direct.fleet.seconds / Math.max(1, direct.fleet.segmentRequests)).toFixed(3).padStart(7)} ms        ${(edge.nodeCpuMsPerSecond * edge.fleet.seconds / Math.max(1, edge.fleet.segmentRequests)).toFixed(3).padStart(7)} ms`,
    `  nginx CPU (1 worker)                                 ${percent(edge.nginxCpuMsPerSecond).padStart(10)}`,
    `  playlist age at the viewer p50   ${percentile(direct.fleet.playlistAgesMs, 50).toFixed(0).padStart(7)} ms        ${percentile(edge.fleet.playlistAgesMs, 50).toFixed(0).padStart(7)} ms   (now - newest segment's end)`,
    `  playlist age at the viewer p95   ${percentile(direct.fleet.playlistAgesMs, 95).toFixed(0).padStart(7)} ms        ${percentile(edge.fleet.playlistAgesMs, 95).toFixed(0).padStart(7)} ms`,
    `  failed requests                  ${String(direct.fleet.failures).padStart(10)}        ${String(edge.fleet.failures).padStart(10)}`,
    `  load generator CPU               ${percent((direct.fleet.cpuMs / direct.fleet.seconds)).padStart(10)}        ${percent(edge.fleet.cpuMs / edge.fleet.seconds).padStart(10)}`,
  ];
  return { lines, perSegment, ok };
}
