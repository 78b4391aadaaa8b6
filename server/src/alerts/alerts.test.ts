import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createECDH, randomBytes } from 'node:crypto';
import { FanAlertSchema, NotifySettingsAnswerSchema } from '@sports/shared/server';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberChatSignature, useChatSockets, type ChatTestClient } from '../chat/testing/chatTestKit';
import { errors } from '../infra/http/errorCatalogue';
import { type TestUser, createMatch, createUser } from '../live/testing/roomsTestKit';
import { embeddedTarget } from '../testing/dbTargets';
import { useTestApp } from '../testing/testApp';
import { AlertFanout } from './alertFanout';

/** A browser's subscription keys: p256dh a real P-256 point (web-push encrypts to it), auth 16 bytes. */
function browserKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

let eventCounter = 0;

/** A self-signed certificate for 127.0.0.1: the stand-in push service speaks https, as every push service does. */
function localCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
}
const certificate = localCertificate();

describe('alerts: followed teams\' and anchors\' alerts on open pages, the 赛事 fan-out, settings, Web Push', () => {
  const ctx = useTestApp(embeddedTarget(), { app: { alertOverrides: { batchSize: 3, fanoutEveryMs: 3_600_000, pushBackoffMs: 20, pushAttempts: 3, pushAgent: new Agent({ ca: certificate.cert }) } } });
  const { connect } = useChatSockets(ctx);

  const post = (url: string, payload: object, as?: TestUser) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { ...as?.headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const get = (url: string, as?: TestUser) => ctx.app.inject({ url, headers: { ...as?.headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const teamsOf = async (matchId: number) => (await sql<{ home_team_id: string; away_team_id: string; competition_id: number }>`select home_team_id, away_team_id, competition_id from match where id = ${matchId}`.execute(ctx.db)).rows[0]!;
  const follow = (member: TestUser, type: 'team' | 'league', id: number | string) => sql`insert into member_follow (member_id, target_type, target_id) values (${member.id}, ${type}, ${id})`.execute(ctx.db);
  /** What the feed's commit does: a match_event row (the trigger notes the alert). */
  const feedEvent = async (matchId: number, kind: string, options: { side?: 'home' | 'away'; home?: number; away?: number; agoMs?: number } = {}) => {
    const occurredAt = new Date(Date.now() - (options.agoMs ?? 0));
    await sql`insert into match_event (external_key, match_id, kind, side, minute, player_zh, home_score, away_score, occurred_at)
      values (${`alerts-test:${++eventCounter}`}, ${matchId}, ${kind}, ${options.side ?? null}, 23, '测试球员', ${options.home ?? 0}, ${options.away ?? 0}, ${occurredAt})`.execute(ctx.db);
    const { rows } = await sql<{ id: string }>`select id from alert_event order by id desc limit 1`.execute(ctx.db);
    return Number(rows[0]?.id ?? 0);
  };
  const pageOf = async (member: TestUser): Promise<ChatTestClient> => {
    const client = await connect();
    const { userSig, id } = await memberChatSignature(ctx, member.id);
    expect((await client.login(id, userSig)).ok).toBe(true);
    return client;
  };
  const alertsOn = (client: ChatTestClient) => client.frames.filter((frame) => frame.type === 'notice' && 'notice' in frame && (frame.notice as { alert?: unknown }).alert !== undefined).map((frame) => (frame as unknown as { notice: { alert: { id: number; kind: string; title: string; link: string } } }).notice.alert);
  const matchMessages = async (member: TestUser) =>
    (await sql<{ kind: string; title: string; event_key: string; link: string }>`select kind, title, event_key, link from member_message where member_id = ${member.id} and tab = 'match' order by id`.execute(ctx.db)).rows;

  it('a goal of a followed team reaches the fan\'s open page at once (not a stranger\'s, not one who switched goals off), and the fan-out writes 赛事 messages once', async () => {
    const matchId = await createMatch(ctx.db, new Date(), 'live');
    const { home_team_id } = await teamsOf(matchId);
    const fan = await createUser(ctx.db);
    const offline = await createUser(ctx.db);
    const goalsOff = await createUser(ctx.db);
    const stranger = await createUser(ctx.db);
    for (const member of [fan, offline, goalsOff]) await follow(member, 'team', home_team_id);
    expect(await post('/api/Notify/settings', { goals: false }, goalsOff)).toMatchObject({ code: 200, data: { settings: { goals: false, red_cards: true } } });
    const [fanPage, offPage, strangerPage] = await Promise.all([pageOf(fan), pageOf(goalsOff), pageOf(stranger)]);

    const alertId = await feedEvent(matchId, 'goal', { side: 'home', home: 1 });
    await expect.poll(() => alertsOn(fanPage).length, { timeout: 5_000 }).toBe(1);
    const alert = alertsOn(fanPage)[0]!;
    expect(Value.Check(FanAlertSchema, alert)).toBe(true);
    expect(alert).toMatchObject({ id: alertId, kind: 'goal', title: '进球！主队', link: `#/score-detail?id=${matchId}`, home_score: 1, away_score: 0, side: 'home' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alertsOn(offPage)).toHaveLength(0);
    expect(alertsOn(strangerPage)).toHaveLength(0);

    // The job (its NOTIFY kick may have run already): every follower with the kind on, once.
    await ctx.app.alerts.drain();
    expect(await matchMessages(fan)).toEqual([{ kind: 'goal', title: '进球！主队', event_key: `alert:${alertId}`, link: `#/score-detail?id=${matchId}` }]);
    expect(await matchMessages(offline)).toHaveLength(1);
    expect(await matchMessages(goalsOff)).toHaveLength(0);
    expect(await matchMessages(stranger)).toHaveLength(0);
    // The alert was the badge's push (the host counts its 赛事 message): no second notice per page for the message (migration 0050).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fanPage.frames.filter((frame) => frame.type === 'notice' && !(frame as { notice: { alert?: unknown } }).notice.alert)).toEqual([]);
  });

  it('red cards, kick-off and full time of a followed league\'s match; a replayed old event alerts nobody', async () => {
    const matchId = await createMatch(ctx.db, new Date(), 'live');
    const { competition_id } = await teamsOf(matchId);
    const fan = await createUser(ctx.db);
    await follow(fan, 'league', competition_id);
    const page = await pageOf(fan);
    await feedEvent(matchId, 'kickoff');
    await feedEvent(matchId, 'red', { side: 'away' });
    await feedEvent(matchId, 'fulltime', { home: 2, away: 1 });
    const before = (await sql<{ n: string }>`select count(*) as n from alert_event`.execute(ctx.db)).rows[0]!.n;
    await feedEvent(matchId, 'goal', { agoMs: 60 * 60_000 });
    expect((await sql<{ n: string }>`select count(*) as n from alert_event`.execute(ctx.db)).rows[0]!.n).toBe(before);
    await expect.poll(() => alertsOn(page).map((alert) => alert.kind), { timeout: 5_000 }).toEqual(['kickoff', 'red_card', 'fulltime']);
    expect(alertsOn(page).map((alert) => alert.title)).toEqual(['比赛开始', '红牌！客队', '比赛结束']);
    await ctx.app.alerts.drain();
    expect((await matchMessages(fan)).map((message) => message.kind)).toEqual(['kickoff', 'red_card', 'fulltime']);
    // Every test match is of this league: the follow goes so the other tests count their own fans.
    await sql`delete from member_follow where member_id = ${fan.id}`.execute(ctx.db);
  });

  it('a followed anchor going live: 关注的主播开播了 with a link to the room, on the page and in 赛事', async () => {
    const anchor = await createUser(ctx.db, { anchor: true, nickname: '开播主播' });
    const room = (await sql<{ id: string }>`insert into live_room (owner_id, title) values (${anchor.id}, '今晚英超') returning id`.execute(ctx.db)).rows[0]!;
    const fan = await createUser(ctx.db);
    await sql`insert into user_follow (follower_id, anchor_id) values (${fan.id}, ${anchor.id})`.execute(ctx.db);
    const page = await pageOf(fan);
    await sql`insert into broadcast (room_id, anchor_id, title, started_at) values (${room.id}, ${anchor.id}, '今晚英超', now())`.execute(ctx.db);
    await expect.poll(() => alertsOn(page).length, { timeout: 5_000 }).toBe(1);
    expect(alertsOn(page)[0]).toMatchObject({ kind: 'anchor_live', title: '关注的主播开播了', link: `#/live?id=${room.id}` });
    await ctx.app.alerts.drain();
    expect(await matchMessages(fan)).toMatchObject([{ kind: 'anchor_live', link: `#/live?id=${room.id}` }]);
  });

  it('the fan-out job: batches of its size, a retried batch writes nothing twice, a restart resumes from the cursor, older than 7 days is dropped', async () => {
    const matchId = await createMatch(ctx.db, new Date(), 'live');
    const { away_team_id } = await teamsOf(matchId);
    const fans: TestUser[] = [];
    for (let i = 0; i < 8; i++) fans.push(await createUser(ctx.db));
    for (const fan of fans) await follow(fan, 'team', away_team_id);
    const batches: number[] = [];
    let alertId = 0;
    const off = ctx.app.alerts.onBatch((batch) => batch.alertId === alertId && batches.push(batch.written));
    alertId = await feedEvent(matchId, 'goal', { side: 'away', away: 1 });
    await ctx.app.alerts.drain();
    off();
    // 8 followers in batches of 3 (each its own transaction): 3, 3, then 2 (short: done).
    expect(batches).toEqual([3, 3, 2]);
    const count = async () => Number((await sql<{ n: string }>`select count(*) as n from member_message where event_key = ${`alert:${alertId}`}`.execute(ctx.db)).rows[0]!.n);
    expect(await count()).toBe(8);
    const sorted = fans.map((fan) => fan.id).sort((a, b) => a - b);
    // A restart after the first batch committed: the cursor says where; the rest is written, the first three not again.
    await sql`update alert_event set fanout_after = ${sorted[2]}, fanout_done_at = null where id = ${alertId}`.execute(ctx.db);
    await sql`delete from member_message where event_key = ${`alert:${alertId}`} and member_id > ${sorted[2]}`.execute(ctx.db);
    expect(await new AlertFanout(ctx.db, 3).drain()).toBe(5);
    expect(await count()).toBe(8);
    const state = (await sql<{ fanout_after: string; fanout_done_at: Date | null }>`select fanout_after, fanout_done_at from alert_event where id = ${alertId}`.execute(ctx.db)).rows[0]!;
    expect(Number(state.fanout_after)).toBe(Math.max(...fans.map((fan) => fan.id)));
    expect(state.fanout_done_at).not.toBeNull();
    // A retry from the start (a batch whose commit was not recorded): nothing written twice.
    await sql`update alert_event set fanout_after = 0, fanout_done_at = null where id = ${alertId}`.execute(ctx.db);
    // Each batch pauses in proportion to the followers it read (a full batch FANOUT_PAUSE_MS, 200 ms
    // here); a batch that read nobody does not pause: a busy feed's unfollowed goals queue behind no sleep.
    const pauses: Array<{ alertId: number; seen: number; pauseMs: number }> = [];
    const recording = new AlertFanout(ctx.db, 3, 200, async (ms) => {
      pauses[pauses.length - 1]!.pauseMs = ms;
    });
    const retried = await recording.drain((batch) => pauses.push({ alertId: batch.alertId, seen: batch.seen, pauseMs: 0 }));
    expect(retried).toBe(0);
    expect(await count()).toBe(8);
    expect(pauses.filter((batch) => batch.alertId === alertId)).toEqual([
      { alertId, seen: 3, pauseMs: 200 },
      { alertId, seen: 3, pauseMs: 200 },
      { alertId, seen: 2, pauseMs: 133 },
    ]);
    const unfollowed = await feedEvent(await createMatch(ctx.db, new Date(), 'live'), 'goal', { side: 'home', home: 1 });
    await ctx.app.alerts.drain();
    await sql`update alert_event set fanout_done_at = null where id = ${unfollowed}`.execute(ctx.db);
    pauses.length = 0;
    await recording.drain((batch) => pauses.push({ alertId: batch.alertId, seen: batch.seen, pauseMs: 0 }));
    expect(pauses.find((batch) => batch.alertId === unfollowed)).toEqual({ alertId: unfollowed, seen: 0, pauseMs: 0 });
    // An alert older than the 赛事 tab's 7 days (a node down for a week): dropped, nothing written.
    const stale = await feedEvent(matchId, 'goal', { side: 'away', away: 2 });
    await sql`update alert_event set created_at = now() - interval '8 days', fanout_done_at = null, fanout_after = 0 where id = ${stale}`.execute(ctx.db);
    await sql`delete from member_message where event_key = ${`alert:${stale}`}`.execute(ctx.db);
    await new AlertFanout(ctx.db, 3).drain();
    expect(Number((await sql<{ n: string }>`select count(*) as n from member_message where event_key = ${`alert:${stale}`}`.execute(ctx.db)).rows[0]!.n)).toBe(0);
  });

  it('api/Notify/settings: all on by default, each switch kept, bad bodies refused; signed out refused', async () => {
    const member = await createUser(ctx.db);
    const first = await get('/api/Notify/settings', member);
    expect(first.code).toBe(200);
    expect(Value.Check(NotifySettingsAnswerSchema, first.data)).toBe(true);
    expect(first.data.settings).toEqual({ goals: true, red_cards: true, match_status: true, anchor_live: true, system: true });
    expect(first.data.vapid_public_key).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect(await post('/api/Notify/settings', { match_status: false, system: false }, member)).toMatchObject({ code: 200, data: { settings: { goals: true, match_status: false, system: false } } });
    expect((await get('/api/Notify/settings', member)).data.settings).toMatchObject({ match_status: false, system: false, anchor_live: true });
    expect(await post('/api/Notify/settings', {}, member)).toMatchObject({ code: 1, reason: errors.VALIDATION.reason });
    expect(await post('/api/Notify/settings', { goals: 'no' }, member)).toMatchObject({ code: 1, reason: errors.VALIDATION.reason });
    expect(await post('/api/Notify/settings', { sound: true }, member)).toMatchObject({ code: 1, reason: errors.VALIDATION.reason });
    expect(await get('/api/Notify/settings')).toMatchObject({ code: 700 });
  });

  it('api/Notify/subscribe: forged and oversized subscriptions are refused clearly; at most 5 a member (the oldest go)', async () => {
    const member = await createUser(ctx.db);
    const keys = browserKeys();
    const subscribe = (endpoint: string, body: object = { keys }) => post('/api/Notify/subscribe', { endpoint, ...body }, member);
    expect(await subscribe('not a url')).toMatchObject({ code: 1, reason: errors.PUSH_ENDPOINT_INVALID.reason });
    expect(await subscribe('http://push.example.com/x')).toMatchObject({ code: 1, reason: errors.PUSH_ENDPOINT_INVALID.reason });
    expect(await subscribe('ftp://push.example.com/x')).toMatchObject({ code: 1, reason: errors.PUSH_ENDPOINT_INVALID.reason });
    expect(await subscribe('https://user:pw@push.example.com/x')).toMatchObject({ code: 1, reason: errors.PUSH_ENDPOINT_INVALID.reason });
    expect(await subscribe(`https://push.example.com/${'a'.repeat(1000)}`)).toMatchObject({ code: 1, reason: errors.VALIDATION.reason });
    expect(await subscribe('https://push.example.com/x', { keys: { p256dh: keys.p256dh.slice(2), auth: keys.auth } })).toMatchObject({ code: 1, reason: errors.PUSH_KEYS_INVALID.reason });
    expect(await subscribe('https://push.example.com/x', { keys: { p256dh: keys.p256dh, auth: randomBytes(15).toString('base64url') } })).toMatchObject({ code: 1, reason: errors.PUSH_KEYS_INVALID.reason });
    expect(await subscribe('https://push.example.com/x', { keys: { p256dh: keys.p256dh, auth: 'not base64url!!!!!!!!!' } })).toMatchObject({ code: 1, reason: errors.PUSH_KEYS_INVALID.reason });
    expect(await subscribe('https://push.example.com/x', { keys: { p256dh: 'A'.repeat(201), auth: keys.auth } })).toMatchObject({ code: 1, reason: errors.VALIDATION.reason });
    expect(await subscribe('https://push.example.com/x', { keys, extra: 1 })).toMatchObject({ code: 1, reason: errors.VALIDATION.reason });
    for (let i = 1; i <= 6; i++) expect(await subscribe(`https://push.example.com/s${i}`)).toMatchObject({ code: 200, data: { push_subscriptions: Math.min(i, 5) } });
    const endpoints = (await sql<{ endpoint: string }>`select endpoint from push_subscription where member_id = ${member.id} order by endpoint`.execute(ctx.db)).rows.map((row) => row.endpoint);
    expect(endpoints).not.toContain('https://push.example.com/s1');
    expect(await post('/api/Notify/unsubscribe', { endpoint: 'https://push.example.com/s6' }, member)).toMatchObject({ code: 200, data: { push_subscriptions: 4 } });
  });

  it('serves the alerts worker at the site root, allowed the root scope, never cached, parseable', async () => {
    const response = await ctx.app.inject('/alerts-sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/javascript');
    expect(response.headers['service-worker-allowed']).toBe('/');
    expect(response.headers['cache-control']).toContain('no-cache');
    expect(() => new Function(response.body)).not.toThrow();
    expect(response.body).toContain("addEventListener('push'");
  });

  describe('Web Push against a local stand-in push service', () => {
    let service: Server;
    let origin = '';
    const answers: number[] = [];
    const received: { path: string; headers: IncomingMessage['headers']; bytes: number }[] = [];
    beforeAll(async () => {
      service = createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          received.push({ path: request.url ?? '', headers: request.headers, bytes: Buffer.concat(chunks).length });
          response.writeHead(answers.shift() ?? 201).end();
        });
      });
      await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
      const address = service.address();
      origin = `https://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    });
    afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

    it('delivers an alert with the site closed (201); a 410 deletes the subscription; a 500 is retried a bounded number of times', async () => {
      const matchId = await createMatch(ctx.db, new Date(), 'live');
      const { home_team_id } = await teamsOf(matchId);
      const fan = await createUser(ctx.db);
      await follow(fan, 'team', home_team_id);
      expect(await post('/api/Notify/subscribe', { endpoint: `${origin}/push/fan`, keys: browserKeys() }, fan)).toMatchObject({ code: 200 });
      const vapid = ctx.app.alerts.vapid();

      answers.push(201);
      await feedEvent(matchId, 'goal', { side: 'home', home: 1 });
      await ctx.app.alerts.drain();
      await expect.poll(() => received.filter((push) => push.path === '/push/fan').length, { timeout: 5_000 }).toBe(1);
      const push = received.find((entry) => entry.path === '/push/fan')!;
      expect(push.headers.authorization).toContain(`k=${vapid.publicKey}`);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.bytes).toBeGreaterThan(0);

      answers.push(500, 500, 500);
      await feedEvent(matchId, 'goal', { side: 'home', home: 2 });
      await ctx.app.alerts.drain();
      await expect.poll(() => received.filter((entry) => entry.path === '/push/fan').length, { timeout: 5_000 }).toBe(4);
      expect((await sql<{ failures: number }>`select failures from push_subscription where member_id = ${fan.id}`.execute(ctx.db)).rows[0]?.failures).toBe(1);

      answers.push(410);
      await feedEvent(matchId, 'goal', { side: 'home', home: 3 });
      await ctx.app.alerts.drain();
      expect(received.filter((entry) => entry.path === '/push/fan')).toHaveLength(5);
      expect(Number((await sql<{ n: string }>`select count(*) as n from push_subscription where member_id = ${fan.id}`.execute(ctx.db)).rows[0]?.n)).toBe(0);
      // Gone: the next alert pushes nothing to it.
      await feedEvent(matchId, 'goal', { side: 'home', home: 4 });
      await ctx.app.alerts.drain();
      expect(received.filter((entry) => entry.path === '/push/fan')).toHaveLength(5);
    });
  });
});
