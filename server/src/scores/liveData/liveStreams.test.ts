import type { AddressInfo } from 'node:net';
import { type ExponentRow, type MatchRow, NO_ODDS_COMPANY_ID, type ScoreSport, mergeLiveRows } from '@sports/shared/server';
import { WebSocket } from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../infra/clock';
import { LIVE_TEST_START, LiveTestClient, liveFeedTestOptions, playFeed, until } from '../feed/testing/liveTestKit';
import { matchRowQuery, toMatchRow } from '../matchRows';
import { embeddedTarget } from '../../testing/dbTargets';
import { useTestApp } from '../../testing/testApp';
import { TestSocket } from '../../testing/testSocket';
import { SocketCloseCode as CloseCode } from '@sports/shared/server';
import { memorySeqBlocks } from './seqAllocator';

type Frame = Record<string, unknown> & { type: string };

/** Reads frames until `count` synced frames came (the end of a catch-up). */
async function readUntilSynced(socket: TestSocket, count: number): Promise<Frame[]> {
  const frames: Frame[] = [];
  while (frames.filter((frame) => frame.type === 'synced').length < count) frames.push((await socket.next()) as Frame);
  return frames;
}

/** The socket with a demo feed behind it, over a real port; the feed is moved by hand. */
describe('/ws/live-data streams', () => {
  const clock = createManualClock(LIVE_TEST_START);
  // A small ring, so a client that was away long enough needs a snapshot.
  const ctx = useTestApp(embeddedTarget(), { seed: true, app: { live: { feed: liveFeedTestOptions(clock) }, liveData: { ringSize: 64 } } });
  let url: string;
  const inPlay = async (sport: ScoreSport) =>
    (await matchRowQuery(ctx.db).where('m.sport', '=', sport).where('m.status', 'in', ['live', 'halftime']).execute()).map(toMatchRow);

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws/live-data`;
    await playFeed(ctx.app, clock, 40_000);
  });

  it('answers the handshake, then catches up every stream: snapshots, and goals and clips from now on', async () => {
    const socket = await TestSocket.open(url);
    socket.send({ type: 'register', info: 'web' });
    expect(await socket.next()).toEqual({ type: 'registered' });
    socket.send({ type: 'toggle', company_id: 3 });
    expect(await socket.next()).toEqual({ type: 'toggled', company_id: 3 });
    socket.send({ type: 'classify', classify_type: 0 });
    expect(await socket.next()).toEqual({ type: 'classified', classify_type: 0 });
    const frames = await readUntilSynced(socket, 8);
    const hub = ctx.app.liveDataHub;
    expect(frames.map((frame) => `${frame.type}:${String(frame.code ?? frame.stream)}`)).toEqual([
      'football_match:100',
      'synced:football_match',
      'football_exponent:100',
      'synced:football_exponent',
      'basketball_match:100',
      'synced:basketball_match',
      'basketball_exponent:100',
      'synced:basketball_exponent',
      'esports_match:100',
      'synced:esports_match',
      'general_match:100',
      'synced:general_match',
      'synced:goal',
      'synced:clip',
    ]);
    expect(frames[1]).toEqual({ type: 'synced', stream: 'football_match', seq: hub.currentSeq('football_match'), mode: 'snapshot' });
    // Events (goals, and clips of them: issue 34) from now on, no snapshot.
    expect(frames.at(-2)).toEqual({ type: 'synced', stream: 'goal', seq: hub.currentSeq('goal'), mode: 'live' });
    expect(frames.at(-1)).toEqual({ type: 'synced', stream: 'clip', seq: hub.currentSeq('clip'), mode: 'live' });
    const football = frames[0] as unknown as { snapshot: boolean; seq: number; data: MatchRow[] };
    expect(football.snapshot).toBe(true);
    expect(football.data.map((row) => row.match_id).sort()).toEqual((await inPlay('football')).map((row) => row.match_id).sort());
    const odds = frames[2] as unknown as { data: ExponentRow[] };
    expect(odds.data.length).toBeGreaterThan(0);
    expect(odds.data.every((row) => row.company_id === 3 && row.sport === 'football')).toBe(true);
    // Esports and snooker series have their own match streams (no odds).
    const esports = frames.find((frame) => frame.type === 'esports_match') as unknown as { data: MatchRow[] };
    expect(esports.data.map((row) => row.match_id).sort()).toEqual((await inPlay('esports')).map((row) => row.match_id).sort());
    socket.close();
  });

  it('streams match rows that replace the store, goal events, and odds as the feed plays', async () => {
    const all = new LiveTestClient(url, { modeFlag: 1 });
    const hotOnly = new LiveTestClient(url, { modeFlag: 0, companyId: 8 });
    // The host's goal feed and a room's score bar: match rows and goals, no odds.
    const noOdds = new LiveTestClient(url, { modeFlag: 0, companyId: NO_ODDS_COMPANY_ID });
    const synced = (client: LiveTestClient) => client.client.positions.position('goal') !== undefined;
    await until(() => synced(all) && synced(hotOnly) && synced(noOdds), 'the three clients synced');
    const goalsBefore = ctx.app.liveDataHub.currentSeq('goal');
    await playFeed(ctx.app, clock, 60_000);

    const goals = await ctx.db
      .selectFrom('match_event')
      .select(['stream_seq', 'match_id', 'side', 'home_score', 'away_score'])
      .where('stream_seq', '>', goalsBefore)
      .orderBy('stream_seq')
      .execute();
    expect(goals.length).toBeGreaterThan(2);
    await until(() => [all, hotOnly, noOdds].every((client) => client.goalSeqs().length >= goals.length), 'the goals');
    for (const client of [all, hotOnly, noOdds]) {
      expect(client.goalSeqs()).toEqual(goals.map((goal) => goal.stream_seq));
      expect(client.of('goal').map((frame) => frame.data)).toEqual(
        goals.map((goal) => expect.objectContaining({ match_id: goal.match_id, iszhu: goal.side === 'home' ? 1 : 0, home_score: goal.home_score, away_score: goal.away_score, match_str: expect.stringMatching(/^\d+(\+\d+)?'$/) })),
      );
    }

    // Applying every frame the way the store does leaves exactly the rows in play now.
    await until(() => all.client.positions.position('football_match') === ctx.app.liveDataHub.currentSeq('football_match'), 'the last football row');
    let store: MatchRow[] = [];
    for (const frame of all.of('football_match')) store = mergeLiveRows(store, frame);
    const now = await inPlay('football');
    const shown = store.filter((row) => row.status === 'live' || row.status === 'halftime');
    expect(shown.map((row) => [row.match_id, row.home_score, row.away_score, row.match_str]).sort()).toEqual(now.map((row) => [row.match_id, row.home_score, row.away_score, row.match_str]).sort());
    const seqs = all.of('basketball_match').filter((frame) => frame.snapshot !== true).map((frame) => frame.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

    // classify 1: hot competitions only; toggle: that company's odds only.
    expect(hotOnly.of('football_match').flatMap((frame) => frame.data).every((row) => row.hot)).toBe(true);
    // (In March the only football competition without a hot rank, the 亚冠, is between phases: the EuroLeague is the one on.)
    expect([...all.of('football_match'), ...all.of('basketball_match')].flatMap((frame) => frame.data).some((row) => !row.hot)).toBe(true);
    expect(hotOnly.of('basketball_match').flatMap((frame) => frame.data).every((row) => row.hot)).toBe(true);
    const exponents = hotOnly.of('football_exponent').flatMap((frame) => frame.data);
    expect(exponents.length).toBeGreaterThan(0);
    expect(exponents.every((row) => row.company_id === 8)).toBe(true);
    // No odds: its exponent streams are synced (a snapshot, then live) with not one row in them.
    expect(noOdds.of('football_exponent').length).toBeGreaterThan(0);
    expect([...noOdds.of('football_exponent'), ...noOdds.of('basketball_exponent')].flatMap((frame) => frame.data)).toEqual([]);
    expect(noOdds.of('football_match').flatMap((frame) => frame.data).length).toBeGreaterThan(0);

    // A company change: a fresh exponent snapshot for the new company.
    const before = hotOnly.frames.length;
    hotOnly.client.setCompany(1);
    const newSnapshot = () => hotOnly.of('football_exponent').filter((frame) => hotOnly.frames.indexOf(frame) >= before && frame.snapshot === true)[0];
    await until(() => newSnapshot() !== undefined, 'the new snapshot');
    const snapshot = newSnapshot();
    expect(snapshot?.data.every((row) => row.company_id === 1)).toBe(true);
    all.close();
    hotOnly.close();
    noOdds.close();
  });

  it('replays what a reconnecting client missed from the ring, or sends a snapshot when it is too old', async () => {
    const hub = ctx.app.liveDataHub;
    const current = hub.currentSeq('basketball_match');
    const socket = await TestSocket.open(url);
    for (const frame of [
      { type: 'register', info: 'web' },
      { type: 'toggle', company_id: 3 },
      { type: 'resume', stream: 'basketball_match', lastSeq: current - 3 },
      { type: 'resume', stream: 'football_match', lastSeq: 1 },
      { type: 'resume', stream: 'goal', lastSeq: hub.currentSeq('goal') - 1 },
      { type: 'classify', classify_type: 0 },
    ]) {
      socket.send(frame);
    }
    const frames = (await readUntilSynced(socket, 7)).filter((frame) => frame.type !== 'registered' && frame.type !== 'toggled' && frame.type !== 'classified');
    const basketball = frames.filter((frame) => frame.type === 'basketball_match');
    expect(basketball.map((frame) => frame.seq)).toEqual([current - 2, current - 1, current]);
    expect(basketball.every((frame) => frame.snapshot === undefined)).toBe(true);
    expect(frames).toContainEqual({ type: 'synced', stream: 'basketball_match', seq: current, mode: 'replay' });
    expect(frames).toContainEqual({ type: 'synced', stream: 'football_match', seq: hub.currentSeq('football_match'), mode: 'snapshot' });
    expect(frames.filter((frame) => frame.type === 'goal').map((frame) => frame.seq)).toEqual([hub.currentSeq('goal')]);
    expect(frames).toContainEqual({ type: 'synced', stream: 'goal', seq: hub.currentSeq('goal'), mode: 'replay' });
    socket.close();
  });

  it('refuses a resume of an unknown stream or a negative seq', async () => {
    const socket = await TestSocket.open(url);
    socket.send({ type: 'resume', stream: 'tennis', lastSeq: 3 });
    expect(await socket.next()).toEqual({ type: 'error', msg: '消息字段错误' });
    socket.send({ type: 'resume', stream: 'goal', lastSeq: -1 });
    expect(await socket.next()).toEqual({ type: 'error', msg: '消息字段错误' });
    socket.close();
  });
});

describe('/ws/live-data slow consumers', () => {
  const ctx = useTestApp(embeddedTarget(), { seed: false, app: { liveData: { maxBufferedBytes: 64 * 1024 } } });

  it('closes a client that stops reading instead of buffering for it without end', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const hub = ctx.app.liveDataHub;
    await hub.enablePublishing(memorySeqBlocks);
    const url = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws/live-data`;
    const reader = await TestSocket.open(url);
    const stalled = new WebSocket(url);
    await new Promise((resolve) => stalled.once('open', resolve));
    for (const socket of [reader.socket, stalled]) {
      socket.send(JSON.stringify({ type: 'register', info: 'web' }));
      socket.send(JSON.stringify({ type: 'classify', classify_type: 0 }));
    }
    await until(() => [...hub.clients.values()].filter((client) => client.phase === 'live').length === 2, 'both subscribed');
    const closed = new Promise<number>((resolve) => stalled.once('close', (code) => resolve(code)));
    // The stalled page reads nothing more: its TCP window fills, then the server's buffer.
    (stalled as unknown as { _socket: { pause(): void } })._socket.pause();
    const row = { match_id: 1, padding: 'x'.repeat(32 * 1024) } as unknown as MatchRow;
    const phases = () => [...hub.clients.values()].map((client) => client.phase).sort();
    for (let index = 0; index < 1_000 && phases().every((phase) => phase === 'live'); index += 1) {
      hub.publish('football_match', [row], { hot: true, companyId: null });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(phases()).toEqual(['closing', 'live']);
    (stalled as unknown as { _socket: { resume(): void } })._socket.resume();
    expect([CloseCode.SlowConsumer, 1006]).toContain(await closed);
    // The reading client kept everything.
    expect(reader.socket.readyState).toBe(WebSocket.OPEN);
    reader.close();
  });
});
