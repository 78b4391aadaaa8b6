import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type TestUser, createMatch, createUser } from '../live/testing/roomsTestKit';
import { embeddedTarget } from '../testing/dbTargets';
import { useTestApp } from '../testing/testApp';

/** A page's alert socket as a browser opens it: the session cookie, this site's Origin. */
class AlertSocketPage {
  readonly frames: { type: string; alert?: { id: number; kind: string } }[] = [];
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => this.frames.push(JSON.parse(data.toString('utf8')) as AlertSocketPage['frames'][number]));
  }
  get alerts() {
    return this.frames.filter((frame) => frame.type === 'alert').map((frame) => frame.alert!);
  }
  get unread() {
    return this.frames.filter((frame) => frame.type === 'unread').length;
  }
}

describe('the alert socket (/ws/alerts): alerts and the badge push for pages whose chat is not ours (Tencent IM)', () => {
  const ctx = useTestApp(embeddedTarget(), { app: { alertOverrides: { batchSize: 1_000, fanoutEveryMs: 3_600_000 } } });
  const opened: WebSocket[] = [];
  let base = '';
  afterAll(() => {
    for (const socket of opened) socket.terminate();
  });

  /** Opens the socket; answers the page, or the refused upgrade's HTTP status. */
  const open = async (headers: Record<string, string>): Promise<AlertSocketPage | number> => {
    if (base === '') {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = ctx.app.server.address();
      base = `127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    }
    const socket = new WebSocket(`ws://${base}/ws/alerts`, { headers });
    opened.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new AlertSocketPage(socket)));
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('error', reject);
    });
  };
  const asBrowser = (member: TestUser, origin = `http://${base}`) => ({ Cookie: `token=${member.headers.token}`, Origin: origin });

  it('a signed-in page gets its followed team\'s goal (a stranger\'s page does not), the badge push of other messages, and none for the alert\'s own 赛事 message', async () => {
    const matchId = await createMatch(ctx.db, new Date(), 'live');
    const team = (await sql<{ home_team_id: string }>`select home_team_id from match where id = ${matchId}`.execute(ctx.db)).rows[0]!.home_team_id;
    const fan = await createUser(ctx.db);
    const stranger = await createUser(ctx.db);
    await sql`insert into member_follow (member_id, target_type, target_id) values (${fan.id}, 'team', ${team})`.execute(ctx.db);
    await open({});
    const fanPage = (await open(asBrowser(fan))) as AlertSocketPage;
    const strangerPage = (await open(asBrowser(stranger))) as AlertSocketPage;
    expect(fanPage).toBeInstanceOf(AlertSocketPage);
    await expect.poll(() => ctx.app.alerts.sockets.size).toBe(2);

    await sql`insert into match_event (external_key, match_id, kind, side, minute, player_zh, home_score, away_score, occurred_at)
      values ('alert-socket-test:1', ${matchId}, 'goal', 'home', 23, '测试球员', 1, 0, now())`.execute(ctx.db);
    await expect.poll(() => fanPage.alerts.map((alert) => alert.kind), { timeout: 5_000 }).toEqual(['goal']);
    await ctx.app.alerts.drain();
    expect(Number((await sql<{ n: string }>`select count(*) as n from member_message where member_id = ${fan.id} and tab = 'match'`.execute(ctx.db)).rows[0]!.n)).toBe(1);

    // Another message (a system notice) is pushed as `unread`; the 赛事 message above was not (its alert told the badge).
    await sql`insert into member_message (member_id, tab, kind, title, body, event_key) values (${fan.id}, 'system', 'recharge_credited', '充值到账', '测试', 'alert-socket-test:recharge')`.execute(ctx.db);
    await expect.poll(() => fanPage.unread, { timeout: 5_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fanPage.unread).toBe(1);
    expect(fanPage.alerts).toHaveLength(1);
    expect(strangerPage.frames).toEqual([]);

    // The page sends nothing: a frame closes it.
    const closed = new Promise<number>((resolve) => strangerPage.socket.once('close', (code) => resolve(code)));
    strangerPage.socket.send('hello');
    expect(await closed).toBe(1003);
    await expect.poll(() => ctx.app.alerts.sockets.size).toBe(1);
  });

  it('refuses an upgrade without a session, with a malformed token, or from another site\'s page', async () => {
    const member = await createUser(ctx.db);
    await open({});
    const before = ctx.app.alerts.sockets.size;
    // Refused: answered with the envelope of the login error (HTTP 200, code 700 / SESSION_REPLACED), never upgraded.
    expect(await open({ Origin: `http://${base}` })).toBe(200);
    expect(await open({ Cookie: 'token=not-a-session', Origin: `http://${base}` })).toBe(200);
    expect(ctx.app.alerts.sockets.size).toBe(before);
    expect(await open(asBrowser(member, 'https://evil.example'))).toBe(403);
    expect(await open({ ...asBrowser(member), 'Sec-Fetch-Site': 'cross-site' })).toBe(403);
    // A plain GET (no upgrade) says what is expected.
    expect((await ctx.app.inject({ url: '/ws/alerts', headers: { token: member.headers.token } })).statusCode).toBe(426);
    expect(ctx.app.alerts.sockets.size).toBe(before);
  });
});
