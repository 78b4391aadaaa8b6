import { ModerationReportPageSchema, SENSITIVE_WORDS_PER_CHANGE_MAX, SensitiveWordListSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { beforeAll, expect, it } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { type TestUser, createUser } from '../live/testing/roomsTestKit';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { TEST_OPS_TOKEN, scratchReleases } from '../rollouts/testing/releaseFixtures';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import type { ModerationRegistry } from './moderationPlugin';
import type { ModerationTargetHandler, ModerationTargetInfo } from './moderationTypes';
import { REPORTS_PER_HOUR_MAX } from './reports';

const OPS = { 'x-ops-token': TEST_OPS_TOKEN, 'x-ops-actor': 'ops-alice' };

/** A content kind of the test's own: items by id, with their author and a hidden flag. */
function fakeTarget() {
  const items = new Map<string, ModerationTargetInfo & { removed?: boolean }>();
  const calls: string[] = [];
  const handler: ModerationTargetHandler = {
    describe: async (id) => {
      const item = items.get(id);
      return item === undefined || item.removed ? null : { authorId: item.authorId, excerpt: item.excerpt, hidden: item.hidden ?? false, roomId: item.roomId };
    },
    hide: async (id) => {
      calls.push(`hide:${id}`);
      const item = items.get(id);
      if (item) item.hidden = true;
    },
    unhide: async (id) => {
      calls.push(`unhide:${id}`);
      const item = items.get(id);
      if (item) item.hidden = false;
    },
    remove: async (id) => {
      calls.push(`remove:${id}`);
      const item = items.get(id);
      if (item) item.removed = true;
    },
  };
  return { items, calls, handler };
}

describeEachDatabase('moderation: the word list, reports, the ops queue, bans and the audit', (target) => {
  const clock = createManualClock();
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, releases: scratchReleases(DEFAULT_HALT_POLICY) } });

  const send = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, payload, headers: { 'x-requested-with': 'XMLHttpRequest', ...headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const ops = (method: 'GET' | 'POST', url: string, payload?: object) => send(method, url, payload, OPS);
  const report = (as: TestUser, payload: object) => send('POST', '/api/moderation/report', payload, as.headers);
  const refusal = (entry: { reason: string; message: unknown }) => ({ code: 1, data: null, reason: entry.reason });
  const registry = () => ctx.app.moderation as ModerationRegistry;
  // The community plugin's own 'post' handler, kept before the tests put fakes in its place.
  let communityPost: ModerationTargetHandler | undefined;
  const realPostTarget = async () => {
    if (communityPost === undefined) throw new Error('the community plugin registered no post target');
    return communityPost;
  };
  const useFake = (kind: 'post' | 'chat') => {
    const fake = fakeTarget();
    registry().targets.set(kind, fake.handler);
    return fake;
  };
  let itemCounter = 0;
  const newItem = (fake: ReturnType<typeof fakeTarget>, authorId: number, extra: Partial<ModerationTargetInfo> = {}) => {
    const id = `t${process.pid}-${++itemCounter}`;
    fake.items.set(id, { authorId, excerpt: `<b>内容 ${id}</b>`, ...extra });
    return id;
  };
  const auditRows = (kind: string, targetId: string) =>
    ctx.db.selectFrom('moderation_action').selectAll().where('kind', '=', kind).where('target_id', '=', targetId).orderBy('id').execute();

  beforeAll(() => {
    communityPost = registry().target('post');
  });

  it('starts with the seeded word list and filters with it', async () => {
    const answer = await ops('GET', '/api/ops/moderation/words');
    expect(answer.code).toBe(200);
    expect(Value.Check(SensitiveWordListSchema, answer.data)).toBe(true);
    expect(answer.data.words.map((w: { word: string }) => w.word)).toContain('加微信');
    expect(ctx.app.moderation.check('快 加 微 信').ok).toBe(false);
    expect(ctx.app.moderation.mask('ＦＵＣＫ you')).toBe('**** you');
  });

  it('ops only: strangers and members are refused every ops call', async () => {
    const member = await createUser(ctx.db);
    for (const headers of [{}, { 'x-ops-token': 'wrong-token-0123456789' }, member.headers]) {
      for (const [method, url, payload] of [
        ['GET', '/api/ops/moderation/words'],
        ['POST', '/api/ops/moderation/words', { add: ['测试词'] }],
        ['GET', '/api/ops/moderation/reports'],
        ['POST', '/api/ops/moderation/reports/1/dismiss', {}],
        ['GET', '/api/ops/moderation/actions'],
      ] as const) {
        expect(await send(method, url, payload, headers), url).toMatchObject({ status: 403, ...refusal(errors.OPS_FORBIDDEN) });
      }
    }
    expect(await ctx.db.selectFrom('sensitive_word').select('id').where('word', '=', '测试词').executeTakeFirst()).toBeUndefined();
  });

  it('adds and removes words (normalised), applied at once to check and mask, versioned and audited', async () => {
    expect(ctx.app.moderation.check('这是球托广告').ok).toBe(true);
    const before = (await ops('GET', '/api/ops/moderation/words')).data.version;
    const added = await ops('POST', '/api/ops/moderation/words', { add: [' 球托 ', 'ＢＵＹ  NOW', '球托'] });
    expect(added).toMatchObject({ code: 200, data: { added: expect.arrayContaining(['球托', 'buynow']), removed: [], version: before + 1 } });
    expect(added.data.added).toHaveLength(2);
    expect(ctx.app.moderation.check('这是球托广告')).toEqual({ ok: false, words: ['球托'] });
    expect(ctx.app.moderation.mask('buy now!')).toBe('*******!');
    // Adding again changes nothing; removing applies at once.
    expect((await ops('POST', '/api/ops/moderation/words', { add: ['球托'] })).data.added).toEqual([]);
    const removed = await ops('POST', '/api/ops/moderation/words', { remove: ['球 托'] });
    expect(removed.data.removed).toEqual(['球托']);
    expect(ctx.app.moderation.check('这是球托广告').ok).toBe(true);
    const audit = await ctx.db.selectFrom('moderation_action').selectAll().where('action', '=', 'words').orderBy('id').execute();
    expect(audit.at(-1)).toMatchObject({ actor: 'ops-alice', detail: { added: [], removed: ['球托'] } });
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad word changes: empty, only punctuation, too long, too many, unknown fields', async () => {
    expect(await ops('POST', '/api/ops/moderation/words', {})).toMatchObject(refusal(errors.MODERATION_WORD_CHANGE_EMPTY));
    expect(await ops('POST', '/api/ops/moderation/words', { add: ['...'] })).toMatchObject(refusal(errors.MODERATION_WORD_INVALID));
    expect(await ops('POST', '/api/ops/moderation/words', { add: ['长'.repeat(33)] })).toMatchObject(refusal(errors.MODERATION_WORD_INVALID));
    for (const payload of [{ add: ['x'.repeat(65)] }, { add: [''] }, { add: Array.from({ length: SENSITIVE_WORDS_PER_CHANGE_MAX + 1 }, (_, i) => `w${i}`) }, { add: 'word' }, { words: ['a'] }]) {
      expect(await ops('POST', '/api/ops/moderation/words', payload)).toMatchObject({ status: 400, ...refusal(errors.VALIDATION) });
    }
  });

  it('applies another node\'s change when it reloads (the poll reads the version)', async () => {
    await ctx.db.insertInto('sensitive_word').values({ word: '别的节点', created_by: 'test' }).execute();
    expect(ctx.app.moderation.check('别的节点加的').ok).toBe(true);
    await ctx.app.moderation.reloadWords();
    expect(ctx.app.moderation.check('别的节点加的').ok).toBe(false);
    await ctx.db.deleteFrom('sensitive_word').where('word', '=', '别的节点').execute();
    await ctx.app.moderation.reloadWords();
  });

  it('report: login, bad input, unknown kind or target, own content, duplicates, then a new report after it is handled', async () => {
    const fake = useFake('post');
    const author = await createUser(ctx.db);
    const reporter = await createUser(ctx.db);
    const id = newItem(fake, author.id);
    const good = { kind: 'post', target_id: id, reason: 'spam', text: '广告\n刷屏' };
    expect(await send('POST', '/api/moderation/report', good)).toMatchObject({ code: 700 });
    for (const payload of [{ ...good, kind: 'video' }, { ...good, reason: 'bad' }, { ...good, target_id: '' }, { ...good, target_id: 'a b' }, { ...good, text: 'x'.repeat(201) }, { ...good, extra: 1 }, { kind: 'post', reason: 'spam' }]) {
      expect(await report(reporter, payload), JSON.stringify(payload)).toMatchObject({ status: 400, ...refusal(errors.VALIDATION) });
    }
    registry().targets.delete('headline');
    expect(await report(reporter, { ...good, kind: 'headline' })).toMatchObject(refusal(errors.MODERATION_KIND_UNAVAILABLE));
    expect(await report(reporter, { ...good, target_id: 'nothing' })).toMatchObject(refusal(errors.MODERATION_TARGET_NOT_FOUND));
    expect(await report(author, good)).toMatchObject(refusal(errors.MODERATION_SELF_REPORT));
    expect(await report(author, { kind: 'user', target_id: String(author.id), reason: 'abuse' })).toMatchObject(refusal(errors.MODERATION_SELF_REPORT));
    const first = await report(reporter, good);
    expect(first).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    expect(await report(reporter, { ...good, reason: 'abuse' })).toMatchObject(refusal(errors.MODERATION_DUPLICATE_REPORT));
    const row = await ctx.db.selectFrom('moderation_report').selectAll().where('id', '=', first.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reporter_id: reporter.id, author_id: author.id, kind: 'post', target_id: id, reason: 'spam', text: '广告\n刷屏', state: 'open' });
    // Duplicates sent at once: one report.
    const other = await createUser(ctx.db);
    const both = await Promise.all([report(other, good), report(other, good)]);
    expect(both.map((answer) => answer.code).sort()).toEqual([1, 200]);
    expect(await ops('POST', `/api/ops/moderation/reports/${first.data.id}/dismiss`, {})).toMatchObject({ code: 200, data: { resolved_reports: 2 } });
    expect(await report(reporter, good)).toMatchObject({ code: 200 });
  });

  it('report: a member files at most REPORTS_PER_HOUR_MAX an hour', async () => {
    const fake = useFake('post');
    const author = await createUser(ctx.db);
    const reporter = await createUser(ctx.db);
    for (let i = 0; i < REPORTS_PER_HOUR_MAX; i++) {
      expect((await report(reporter, { kind: 'post', target_id: newItem(fake, author.id), reason: 'spam' })).code).toBe(200);
    }
    expect(await report(reporter, { kind: 'post', target_id: newItem(fake, author.id), reason: 'spam' })).toMatchObject({ status: 429, ...refusal(errors.MODERATION_REPORTING_TOO_FAST) });
  });

  it('the queue groups open reports by target with counts, reasons, texts and the excerpt; keyset pages', async () => {
    const fake = useFake('post');
    const author = await createUser(ctx.db, { nickname: '被举报者' });
    const a = newItem(fake, author.id);
    const b = newItem(fake, author.id);
    const reporters = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db)]);
    await report(reporters[0] as TestUser, { kind: 'post', target_id: a, reason: 'spam', text: '第一条' });
    await report(reporters[1] as TestUser, { kind: 'post', target_id: a, reason: 'abuse' });
    await report(reporters[2] as TestUser, { kind: 'post', target_id: a, reason: 'spam', text: '第三条' });
    await report(reporters[0] as TestUser, { kind: 'post', target_id: b, reason: 'porn' });
    const page = await ops('GET', '/api/ops/moderation/reports?kind=post&limit=1');
    expect(Value.Check(ModerationReportPageSchema, page.data)).toBe(true);
    expect(page.data.list).toHaveLength(1);
    expect(page.data.list[0]).toMatchObject({ kind: 'post', target_id: b, count: 1, reasons: [{ reason: 'porn', count: 1 }] });
    expect(page.data.next_cursor).toEqual(expect.any(String));
    const next = await ops('GET', `/api/ops/moderation/reports?kind=post&limit=1&cursor=${page.data.next_cursor}`);
    expect(next.data.list[0]).toMatchObject({
      kind: 'post',
      target_id: a,
      count: 3,
      reasons: [
        { reason: 'abuse', count: 1 },
        { reason: 'spam', count: 2 },
      ],
      texts: ['第三条', '第一条'],
      target: { author_id: author.id, author_nickname: '被举报者', excerpt: `<b>内容 ${a}</b>`, hidden: false, banned_until: null },
    });
    for (const query of ['state=closed', 'cursor=0', 'cursor=abc', 'limit=0', 'limit=51', 'kind=video', 'extra=1']) {
      expect(await ops('GET', `/api/ops/moderation/reports?${query}`), query).toMatchObject({ status: 400, ...refusal(errors.VALIDATION) });
    }
  });

  it('hide, unhide and delete go through the target handler, resolve the open reports, and are audited', async () => {
    const fake = useFake('post');
    const author = await createUser(ctx.db);
    const [r1, r2] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const id = newItem(fake, author.id);
    const first = (await report(r1 as TestUser, { kind: 'post', target_id: id, reason: 'spam' })).data.id;
    await report(r2 as TestUser, { kind: 'post', target_id: id, reason: 'abuse' });
    expect(await ops('POST', `/api/ops/moderation/reports/${first}/hide`, { note: '广告' })).toMatchObject({ code: 200, data: { action: 'hide', kind: 'post', target_id: id, resolved_reports: 2 } });
    expect(fake.items.get(id)?.hidden).toBe(true);
    const states = await ctx.db.selectFrom('moderation_report').select(['state', 'resolved_by']).where('target_id', '=', id).execute();
    expect(states).toEqual([
      { state: 'actioned', resolved_by: 'ops-alice' },
      { state: 'actioned', resolved_by: 'ops-alice' },
    ]);
    const actioned = await ops('GET', '/api/ops/moderation/reports?state=actioned&kind=post');
    expect(actioned.data.list.find((group: { target_id: string }) => group.target_id === id)).toMatchObject({ count: 2, target: { hidden: true }, audit: [{ action: 'hide', actor: 'ops-alice' }] });
    expect(await ops('POST', `/api/ops/moderation/reports/${first}/unhide`, {})).toMatchObject({ code: 200, data: { resolved_reports: 0 } });
    expect(fake.items.get(id)?.hidden).toBe(false);
    expect(await ops('POST', `/api/ops/moderation/reports/${first}/delete`, {})).toMatchObject({ code: 200, data: { action: 'delete' } });
    expect(fake.calls).toEqual([`hide:${id}`, `unhide:${id}`, `remove:${id}`]);
    expect(await ops('POST', `/api/ops/moderation/reports/${first}/dismiss`, {})).toMatchObject(refusal(errors.MODERATION_REPORT_CLOSED));
    const audit = await auditRows('post', id);
    expect(audit.map((row) => row.action)).toEqual(['hide', 'unhide', 'delete']);
    expect(audit[0]).toMatchObject({ actor: 'ops-alice', detail: { report_id: first, note: '广告', resolved_reports: 2 } });
  });

  it('actions: unknown report, bad action or body; users cannot be hidden or deleted', async () => {
    expect(await ops('POST', '/api/ops/moderation/reports/999999999/hide', {})).toMatchObject({ status: 404, ...refusal(errors.MODERATION_REPORT_NOT_FOUND) });
    for (const [url, payload] of [
      ['/api/ops/moderation/reports/1/explode', {}],
      ['/api/ops/moderation/reports/abc/hide', {}],
      ['/api/ops/moderation/reports/1/ban', { days: 0 }],
      ['/api/ops/moderation/reports/1/mute', { minutes: 43_201 }],
      ['/api/ops/moderation/reports/1/hide', { extra: 1 }],
    ] as const) {
      expect(await ops('POST', url, payload), url).toMatchObject({ status: 400, ...refusal(errors.VALIDATION) });
    }
    const user = await createUser(ctx.db, { nickname: '坏名字' });
    const reporter = await createUser(ctx.db);
    const filed = await report(reporter, { kind: 'user', target_id: String(user.id), reason: 'abuse' });
    expect(filed.code).toBe(200);
    for (const action of ['hide', 'unhide', 'delete']) {
      expect(await ops('POST', `/api/ops/moderation/reports/${filed.data.id}/${action}`, {})).toMatchObject(refusal(errors.MODERATION_ACTION_UNSUPPORTED));
    }
    const queue = await ops('GET', '/api/ops/moderation/reports?kind=user');
    expect(queue.data.list.find((group: { target_id: string }) => group.target_id === String(user.id))).toMatchObject({ target: { excerpt: '坏名字', author_id: user.id } });
  });

  it('ban: the author is signed out, cannot log in until the ban ends, and the ban is audited', async () => {
    const fake = useFake('post');
    const author = await createUser(ctx.db);
    const reporter = await createUser(ctx.db);
    const id = newItem(fake, author.id);
    const filed = (await report(reporter, { kind: 'post', target_id: id, reason: 'abuse' })).data.id;
    expect((await send('GET', '/api/Member/info', undefined, author.headers)).code).toBe(200);
    expect(await ops('POST', `/api/ops/moderation/reports/${filed}/ban`, { days: 3 })).toMatchObject({ code: 200, data: { action: 'ban', resolved_reports: 1 } });
    const row = await ctx.db.selectFrom('app_user').select('banned_until').where('id', '=', author.id).executeTakeFirstOrThrow();
    expect(row.banned_until?.getTime()).toBe(clock().getTime() + 3 * 86_400_000);
    expect((await send('GET', '/api/Member/info', undefined, author.headers)).code).not.toBe(200);
    // A session created meanwhile is refused too.
    const { issueSession } = await import('../accounts/sessions/sessions');
    const fresh = await issueSession(ctx.db, author.id, 3600);
    expect((await send('GET', '/api/Member/info', undefined, { token: fresh.token })).code).not.toBe(200);
    const { startSessionRefusal } = await banCheck(author.id);
    expect(startSessionRefusal).toMatchObject({ reason: errors.ACCOUNT_BANNED.reason });
    expect((await auditRows('post', id)).at(-1)).toMatchObject({ action: 'ban', detail: { author_id: author.id, days: 3 } });
    // Lifted by ops: a new session works again; nothing more is resolved; audited.
    expect(await ops('POST', `/api/ops/moderation/reports/${filed}/unban`, {})).toMatchObject({ code: 200, data: { action: 'unban', resolved_reports: 0 } });
    expect((await banCheck(author.id)).startSessionRefusal).toBeNull();
    const again = await issueSession(ctx.db, author.id, 3600);
    expect((await send('GET', '/api/Member/info', undefined, { token: again.token })).code).toBe(200);
    expect((await auditRows('post', id)).at(-1)).toMatchObject({ action: 'unban', actor: 'ops-alice', detail: { author_id: author.id } });
  });

  async function banCheck(userId: number) {
    const { refuseIfBanned } = await import('../accounts/bans');
    const startSessionRefusal = await refuseIfBanned(ctx.db, userId, clock()).then(
      () => null,
      (error: unknown) => error,
    );
    return { startSessionRefusal };
  }

  it('mute: a chat line\'s author is muted in its room (a room mute), audited; other kinds have no room', async () => {
    const fake = useFake('chat');
    const anchor = await createUser(ctx.db, { anchor: true });
    const room = await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title: '测试直播间' }).returning('id').executeTakeFirstOrThrow();
    const author = await createUser(ctx.db);
    const reporter = await createUser(ctx.db);
    const line = newItem(fake, author.id, { roomId: room.id });
    const filed = (await report(reporter, { kind: 'chat', target_id: line, reason: 'abuse' })).data.id;
    expect(await ops('POST', `/api/ops/moderation/reports/${filed}/mute`, { minutes: 60 })).toMatchObject({ code: 200, data: { action: 'mute' } });
    const mute = await ctx.db.selectFrom('live_room_mute').selectAll().where('room_id', '=', room.id).where('user_id', '=', author.id).executeTakeFirstOrThrow();
    expect(mute.until?.getTime()).toBe(clock().getTime() + 60 * 60_000);
    expect((await auditRows('chat', line)).at(-1)).toMatchObject({ action: 'mute', detail: { author_id: author.id, room_id: room.id, minutes: 60 } });
    // The owner of the room cannot be muted in it.
    const ownLine = newItem(fake, anchor.id, { roomId: room.id });
    const ownFiled = (await report(reporter, { kind: 'chat', target_id: ownLine, reason: 'abuse' })).data.id;
    expect(await ops('POST', `/api/ops/moderation/reports/${ownFiled}/mute`, {})).toMatchObject(refusal(errors.LIVE_CANNOT_MUTE_OWNER));
    const posts = useFake('post');
    const post = newItem(posts, author.id);
    const postReport = (await report(reporter, { kind: 'post', target_id: post, reason: 'spam' })).data.id;
    expect(await ops('POST', `/api/ops/moderation/reports/${postReport}/mute`, {})).toMatchObject(refusal(errors.MODERATION_ACTION_UNSUPPORTED));
  });

  it('the real post target: a word ops add refuses a post at once; a reported post hidden by ops is gone from its page until shown again', async () => {
    registry().targets.set('post', await realPostTarget());
    const author = await createUser(ctx.db);
    const reporter = await createUser(ctx.db);
    const insert = (text: string) => send('POST', '/api/anchor_dynamics_user/insert', { text }, author.headers);
    expect(await ops('POST', '/api/ops/moderation/words', { add: ['黑哨测试'] })).toMatchObject({ code: 200 });
    expect(await insert('今天又是黑 哨测试')).toMatchObject({ code: 1 });
    expect(await ops('POST', '/api/ops/moderation/words', { remove: ['黑哨测试'] })).toMatchObject({ code: 200 });
    const published = await insert('今天又是黑哨测试');
    expect(published.code).toBe(200);
    const id = String(published.data.id);
    const info = () => send('GET', `/api/anchor_dynamics/info?id=${id}`);
    expect((await info()).code).toBe(200);
    const filed = await report(reporter, { kind: 'post', target_id: id, reason: 'spam' });
    expect(filed.code).toBe(200);
    expect(await ops('POST', `/api/ops/moderation/reports/${filed.data.id}/hide`, {})).toMatchObject({ code: 200 });
    expect((await info()).code).toBe(1);
    const queue = await ops('GET', '/api/ops/moderation/reports?state=actioned&kind=post');
    expect(queue.data.list.find((group: { target_id: string }) => group.target_id === id)).toMatchObject({ target: { author_id: author.id, hidden: true } });
    expect(await ops('POST', `/api/ops/moderation/reports/${filed.data.id}/unhide`, {})).toMatchObject({ code: 200 });
    expect((await info()).code).toBe(200);
  });

  it('the audit list pages newest first', async () => {
    const first = await ops('GET', '/api/ops/moderation/actions');
    expect(first.code).toBe(200);
    expect(first.data.list.length).toBeGreaterThan(0);
    const ids = first.data.list.map((row: { id: number }) => row.id);
    expect([...ids].sort((x: number, y: number) => y - x)).toEqual(ids);
    expect(await ops('GET', '/api/ops/moderation/actions?cursor=x')).toMatchObject({ status: 400 });
  });
});
