/**
 * Issue 37's video figures: `pnpm bench:video` runs them after issue 15's and the two nodes'
 * (run.ts); `pnpm bench:video --edge` or `pnpm --dir bench exec tsx video/edgeRun.ts` runs them alone. One server (src/main.ts in its own
 * process, free ports, a fresh database), one stamped 2 Mbit/s push (stampedEncoder.ts), then:
 *
 * 1. FLV glass-to-glass over BENCH_G2G_SECONDS (300: five minutes) with mf-live's player and its
 *    buffer controller: p50/p95 (target p95 <= 250 ms) and stalls (target 0) — glassToGlass.ts;
 * 2. HLS now − playing program date with mf-live's hls.js settings over BENCH_HLS_SECONDS (60),
 *    straight at the node and through nginx (target p95 <= 2 s) — glassToGlass.ts;
 * 3. BENCH_EDGE_VIEWERS (500) HLS viewers through nginx against the same viewers direct, over
 *    BENCH_EDGE_SECONDS (30) each: node segment requests per segment (target <= 1.05), node CPU
 *    — edgeHls.ts. Skipped with its reason where nginx is not installed.
 *
 * BENCH_EDGE_PARTS=g2g,hls,edge picks parts; BENCH_HLS_SYNC=1,1.5 also measures hls.js with those
 * liveSyncDuration values (seconds) beside mf-live's. Prints PASS/FAIL per target; exit 1 on a FAIL.
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import http from 'node:http';
import { nginxInstalledFor, pushSignature, type ServerProcess, startNginxEdge, startServerProcess, streamNameFor } from '@sports/server/bench';
import { HLS_LATENCY } from 'mf-live/latencySettings';
import { createRoom, launchBenchChromium } from './benchServers';
import { edgeHlsReport, measureEdgeHls } from './edgeHls';
import { type HlsLatency, measureFlvGlassToGlass, measureHlsLatency } from './glassToGlass';
import { pushStampedStream } from './stampedEncoder';
import { ms } from './stats';

const G2G_SECONDS = Number(process.env.BENCH_G2G_SECONDS ?? 300);
const HLS_SECONDS = Number(process.env.BENCH_HLS_SECONDS ?? 60);
const EDGE_SECONDS = Number(process.env.BENCH_EDGE_SECONDS ?? 30);
const EDGE_VIEWERS = Number(process.env.BENCH_EDGE_VIEWERS ?? 500);
const PARTS = new Set((process.env.BENCH_EDGE_PARTS ?? 'g2g,hls,edge').split(','));
const EXTRA_SYNC = (process.env.BENCH_HLS_SYNC ?? '').split(',').filter(Boolean).map(Number);
const FLV_P95_TARGET_MS = 250;
const HLS_P95_TARGET_MS = 2_000;

const log = (line: string) => console.log(`[bench:video edge] ${line}`);

function answers200(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      request.destroy();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

async function waitUntil(probe: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

function hlsLine(label: string, hls: HlsLatency): { line: string; ok: boolean } {
  const ok = hls.delay.count > 0 && hls.delay.p95 <= HLS_P95_TARGET_MS && hls.stalls === 0;
  return {
    ok,
    line: `  ${label.padEnd(44)} ${ms(hls.delay.p50)}  ${ms(hls.delay.p95)}   buffer p50 ${ms(hls.buffer.p50)}, stalls ${hls.stalls} (${hls.frozenMs} ms frozen): ${verdict(ok)}`,
  };
}

/** Runs the parts on a server of its own over the given PostgreSQL; true when every target passed. */
export async function runEdgeParts(adminUrl: string): Promise<boolean> {
  log(`${os.cpus().length} cores, load average before ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}; parts ${[...PARTS].join(',')}`);
  const secret = randomBytes(24).toString('hex');
  let encoder: ChildProcess | null = null;
  let server: ServerProcess | null = null;
  const browser = await launchBenchChromium();
  const report: string[] = [];
  let allOk = true;
  try {
    server = await startServerProcess(adminUrl, { MEDIA_SIGNING_SECRET: secret });
    const room = await createRoom(server);
    const stream = streamNameFor(room.id);
    const sign = pushSignature(secret, stream, Math.floor(Date.now() / 1000) + 7200, room.keyVersion);
    const t0 = Date.now();
    encoder = pushStampedStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${stream}?sign=${sign}`, t0, G2G_SECONDS + 3 * HLS_SECONDS + 3 * EDGE_SECONDS + 180);
    const flvUrl = `${server.httpUrl}/live/${stream}.flv`;
    const hlsPath = `/live/${stream}/index.m3u8`;
    await waitUntil(() => answers200(flvUrl), `${stream}.flv`, 30_000);
    await waitUntil(() => answers200(`${server!.httpUrl}${hlsPath}`), 'the HLS playlist', 30_000);
    log(`room ${room.id} live: 640x360 25 fps, 1 s GOP, CBR 2 Mbit/s, frames stamped with their made time`);

    if (PARTS.has('g2g')) {
      log(`FLV glass-to-glass, ${G2G_SECONDS} s (mpegts.js with mf-live's buffer controller)`);
      const flv = await measureFlvGlassToGlass(browser, server.httpUrl, flvUrl, t0, G2G_SECONDS);
      const ok = flv.arrival.count > 0 && flv.buffer.count > 0 && flv.glassToGlass.p95 <= FLV_P95_TARGET_MS && flv.stalls === 0;
      allOk &&= ok;
      report.push(
        `FLV over ${G2G_SECONDS} s                                   p50        p95`,
        `  (a) frame made -> FLV tag at a client      ${ms(flv.arrival.p50)}   ${ms(flv.arrival.p95)}   (${flv.arrival.count} frames)`,
        `  (b) player buffer (mpegts.js + controller) ${ms(flv.buffer.p50)}   ${ms(flv.buffer.p95)}   (${flv.buffer.count} samples; target buffer p50 ${ms(flv.targetMs.p50)}, p95 ${ms(flv.targetMs.p95)})`,
        `  (a+b) glass-to-glass                       ${ms(flv.glassToGlass.p50)}   ${ms(flv.glassToGlass.p95)}   target p95 <= ${FLV_P95_TARGET_MS} ms, 0 stalls (${flv.stalls}; ${flv.stallsWhileStarting} while starting, ${flv.frozenMs} ms frozen): ${verdict(ok)}`,
        `      direct, presented frames (rVFC)        ${ms(flv.presented.p50)}   ${ms(flv.presented.p95)}   (${flv.presented.count} frames; includes decode and compositing)`,
        `      controller: ${flv.seeks} seek(s) (the start's skip included), rate other than 1 in ${(flv.rateChangedShare * 100).toFixed(1)} % of its samples`,
        '',
      );
    }

    if (PARTS.has('hls')) {
      const configs: { label: string; config: object }[] = [{ label: `mf-live's hls.js settings (sync ${HLS_LATENCY.liveSyncDuration} s)`, config: HLS_LATENCY }];
      for (const sync of EXTRA_SYNC) configs.push({ label: `hls.js liveSyncDuration ${sync} s`, config: { ...HLS_LATENCY, liveSyncDuration: sync, liveMaxLatencyDuration: Math.max(sync * 2, sync + 2) } });
      report.push(`HLS, now - playing program date, ${HLS_SECONDS} s each after 8 s       p50        p95   target p95 <= ${HLS_P95_TARGET_MS} ms, 0 stalls`);
      for (const { label, config } of configs) {
        log(`HLS straight at the node: ${label}, ${HLS_SECONDS} s`);
        const direct = hlsLine(`${label}, at the node`, await measureHlsLatency(browser, server.httpUrl, `${server.httpUrl}${hlsPath}`, HLS_SECONDS, config));
        report.push(direct.line);
        if (config === HLS_LATENCY) allOk &&= direct.ok;
      }
      if (nginxInstalledFor('the HLS-through-the-edge figure needs it')) {
        const edge = await startNginxEdge([new URL(server.httpUrl).host], { workers: 1 });
        try {
          log(`HLS through nginx: mf-live's settings, ${HLS_SECONDS} s`);
          const viaEdge = hlsLine("mf-live's settings, through nginx", await measureHlsLatency(browser, edge.url, `${edge.url}${hlsPath}`, HLS_SECONDS));
          report.push(viaEdge.line);
        } finally {
          await edge.stop();
        }
      }
      report.push('');
    }

    if (PARTS.has('edge')) {
      if (nginxInstalledFor('the 500-viewer edge run needs it')) {
        const result = await measureEdgeHls({ server, stream, viewers: EDGE_VIEWERS, seconds: EDGE_SECONDS, log });
        const edgeReport = edgeHlsReport(result, EDGE_VIEWERS);
        allOk &&= edgeReport.ok;
        report.push(...edgeReport.lines, '');
      } else {
        report.push('500 HLS viewers through nginx: skipped, nginx is not installed (apt-get install nginx)', '');
      }
    }
    console.log('');
    console.log(`Issue 37 video figures (${os.cpus().length} cores shared with the encoder, Chromium, the viewers and whatever else runs; load average now ${os.loadavg().map((value) => value.toFixed(2)).join(' ')})`);
    for (const line of report) console.log(line);
    return allOk;
  } finally {
    encoder?.kill('SIGKILL');
    await browser.close();
    await server?.stop();
  }
}
