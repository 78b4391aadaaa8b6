import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR, E2E_SERVER_ENV } from '../playwright.config';
import { type SiteServer, freePort, startSiteServer } from '../siteServer.mjs';
import { newAnchorOnAir, readPushUrl } from './support/anchors';
import { test } from './support/journey';
import { expectVideoPlaying } from './support/playback';
import { type TestStream, pushTestStream } from './support/testStream';

/**
 * Issue 37, any node serves any room: the anchor pushes to the run's server (node A); a viewer
 * whom the load balancer sent to a second node (B: the real server in another process on its own
 * ports, the same PostgreSQL, the same media secret) plays the room in Chromium over HTTP-FLV from
 * B, which pulls it from A once (server/src/live/media/origin/); and the other way round, the
 * origin SIGKILLed under a viewer, who sees the room paused and then plays again when the encoder
 * reconnects to the viewer's node. Real ffmpeg, real mpegts.js.
 */
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'two-nodes-pass-2026';

/** The run's embedded PostgreSQL (E2E_DATA_DIR) as node B reaches it: port from postmaster.pid. */
function nodeADatabaseUrl(): string {
  const port = readFileSync(path.join(E2E_DATA_DIR, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  const password = readFileSync(path.join(E2E_DATA_DIR, 'pg-password'), 'utf8').trim();
  if (port === undefined || !/^[0-9]+$/.test(port)) throw new Error(`no port in ${E2E_DATA_DIR}/pg/postmaster.pid`);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** A second node on the run's database and media secret, with its own folder and free ports. */
async function startSecondNode(dataDir: string, rtmpPort: number): Promise<SiteServer> {
  // The remotes' release store is shared between nodes (a CDN in production): B serves the
  // release folders the database names, which the run's server copied into its DATA_DIR.
  symlinkSync(path.join(E2E_DATA_DIR, 'releases'), path.join(dataDir, 'releases'));
  return startSiteServer({
    port: await freePort(),
    env: {
      ...E2E_SERVER_ENV,
      DATA_DIR: dataDir,
      DATABASE_URL: nodeADatabaseUrl(),
      // Every node shares the media secret (push keys and pulls are signed with it).
      MEDIA_SIGNING_SECRET: readFileSync(path.join(E2E_DATA_DIR, 'media-secret'), 'utf8').trim(),
      MEDIA_RTMP_PORT: String(rtmpPort),
      FEED: 'off',
    },
  });
}

/**
 * SIGKILL of the node, as a node lost: no word to anyone. Checked dead by its port: a kill of a
 * wrapper process once left the server running (e2e/siteServer.mjs runs it with node itself now).
 */
async function killNode(node: SiteServer): Promise<void> {
  await node.kill();
  await expect.poll(async () => fetch(`${node.url}/healthz`, { signal: AbortSignal.timeout(500) }).then(() => 'answers', () => 'dead'), { timeout: 5_000 }).toBe('dead');
}

test('the origin node killed: a viewer on another node sees 主播暂时离开 within 5 s, and plays again by itself when the encoder reconnects to that node', async ({ browser, request, page }) => {
  let stream: TestStream | null = null;
  let origin: SiteServer | null = null;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-node-x-'));
  try {
    const anchor = await newAnchorOnAir(browser, request, PASSWORD, '源站宕机直播');
    const pushUrl = await readPushUrl(anchor.page);
    const originRtmpPort = await freePort();
    origin = await startSecondNode(dataDir, originRtmpPort);
    // The encoder pushes to the other node; the viewer watches on the run's server.
    stream = pushTestStream(pushUrl.replace(/^rtmp:\/\/([^/:]+):[0-9]+\//, `rtmp://$1:${originRtmpPort}/`));
    await page.goto(`/web/#/live?id=${anchor.roomId}`);
    // The run's nodes share no chat bus (no Redis here): the origin's 直播信号已接通 stays on its
    // own chat, so this page learns the first push from room info (read at load, then every 15 s
    // while not live), and its chat's history holds only the 主播开播了 line of the room's opening
    // (a fresh state line: paused). Playing after that line came, the page plays on its own.
    await expect(page.getByTestId('chat-message').filter({ hasText: '主播开播了' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'playing', { timeout: 60_000 });

    const killedAt = Date.now();
    await killNode(origin);
    await expect(page.getByTestId('live-state')).toHaveText('主播暂时离开', { timeout: 5_000 });
    console.log(`origin SIGKILLed: the viewer's page said 主播暂时离开 after ${Date.now() - killedAt} ms`);
    await stream.stop();

    // The encoder reconnects, to the viewer's node this time. The dead origin's lease holds the
    // room until it runs out (a push before that is refused, and an OBS retries): the room reads
    // offline once some node's sweep deleted the lease, in the same transaction.
    await expect.poll(async () => ((await (await request.get(`/api/Live_streaming/getRoomInfo?room_id=${anchor.roomId}`)).json()) as { data: { room_state: string } }).data.room_state, { timeout: 10_000 }).not.toBe('live');
    const pushedAt = Date.now();
    stream = pushTestStream(pushUrl);
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'playing', { timeout: 60_000 });
    console.log(`the encoder pushed to the viewer's node: the page played again after ${Date.now() - pushedAt} ms`);
    await expectVideoPlaying(page);
  } finally {
    await stream?.stop();
    if (origin !== null && origin.exit() === null) await killNode(origin);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a push on node A plays in Chromium on node B (FLV pulled from A once)', async ({ browser, request }) => {
  let stream: TestStream | null = null;
  let nodeB: SiteServer | null = null;
  const dataDirB = mkdtempSync(path.join(os.tmpdir(), 'e2e-node-b-'));
  try {
    const anchor = await newAnchorOnAir(browser, request, PASSWORD, '双节点直播');
    stream = pushTestStream(await readPushUrl(anchor.page));
    nodeB = await startSecondNode(dataDirB, await freePort());

    const viewerContext = await browser.newContext({ baseURL: nodeB.url });
    const viewer = await viewerContext.newPage();
    const flvFromB = viewer.waitForResponse((response) => response.url() === `${nodeB?.url}/live/room${anchor.roomId}.flv` && response.status() === 200, { timeout: 60_000 });
    await viewer.goto(`${nodeB.url}/web/#/live?id=${anchor.roomId}`);
    await expect(viewer.getByTestId('live-state')).toHaveAttribute('data-state', 'playing', { timeout: 60_000 });
    const response = await flvFromB;
    expect(response.headers()['content-type']).toBe('video/x-flv');
    expect(response.headers()['cache-control']).toBe('no-store');
    await expectVideoPlaying(viewer);
    // B's clock tags reach the player: it measures its delay behind the live moment.
    await expect.poll(async () => Number((await viewer.getByTestId('live-video-box').getAttribute('data-delay-ms')) ?? Number.NaN), { timeout: 45_000 }).toBeGreaterThan(0);
    expect(nodeB.output()).not.toMatch(/FLV pull from the origin failed/);
    await viewerContext.close();
  } finally {
    await stream?.stop();
    await nodeB?.stop();
    rmSync(dataDirB, { recursive: true, force: true });
  }
});
