import { ApiError, userInfoAtom, type Clip, type HeadlineCategoryList, type HeadlineComment, type HeadlineCommentPage, type HeadlineCommentReply, type HeadlineDetail, type HeadlineItem, type PortalFeedEntry, type UserInfo } from '@sports/shared';
import { createTestContext } from '@sports/shared/testing';

export type Answer = unknown | ((params: unknown) => unknown);

/**
 * A RemoteContext whose API answers per path (a value, an Error, or a function of the params or
 * body), recording calls and the bus's events; unit tests only, the end-to-end journey
 * (e2e/tests/headlines.spec.ts) drives the real server.
 */
export function headlinesContext(answers: Record<string, Answer>) {
  const base = createTestContext();
  const calls: { path: string; params?: unknown }[] = [];
  const answer = async (path: string, params?: unknown) => {
    calls.push({ path, params });
    if (!(path in answers)) throw new ApiError(null, `no answer for ${path}`);
    const value = answers[path];
    const result = typeof value === 'function' ? (value as (params: unknown) => unknown)(params) : value;
    if (result instanceof Error) throw result;
    return result;
  };
  const api = { ...base.api, get: (path: string, params?: unknown) => answer(path, params), post: (path: string, body?: unknown) => answer(path, body) };
  const events: { type: string; event: unknown }[] = [];
  base.eventBus.on('*', (type, event) => events.push({ type: String(type), event }));
  return { ...base, api: api as typeof base.api, calls, callsTo: (path: string) => calls.filter((call) => call.path === path), events };
}

export type HeadlinesTestContext = ReturnType<typeof headlinesContext>;

export const READER: UserInfo = { user_nickname: '球迷小王', avatar: '/static/avatars/avatar-1.svg', exp: 12, balance: 0, is_anchor: 0, id: 501 };

export function logIn(context: HeadlinesTestContext, user: UserInfo = READER): void {
  context.store.set(userInfoAtom, user);
}

export const CATEGORIES: HeadlineCategoryList = [
  { id: 1, key: 'football', name: '足球' },
  { id: 2, key: 'basketball', name: '篮球' },
  { id: 3, key: 'esports', name: '电竞' },
  { id: 4, key: 'general', name: '综合' },
];

export function headline(overrides: Partial<HeadlineItem> = {}): HeadlineItem {
  return {
    id: 1,
    title: '英超第12轮：曼城 2-1 利物浦',
    summary: '曼城主场逆转。',
    cover: '/static/headline-covers/match-1.svg',
    category: 'football',
    category_name: '足球',
    author: '赛事快讯',
    published_at: '2026-11-22T11:30:00.000Z',
    view_count: 12,
    like_count: 3,
    comment_count: 0,
    ...overrides,
  };
}

export function headlineDetail(overrides: Partial<HeadlineDetail> = {}): HeadlineDetail {
  return {
    ...headline(),
    body_html: '<p>上半场 <strong>0-1</strong></p><h3>进球</h3><ul><li>哈兰德 78\'</li></ul>',
    related_matches: [{ id: 77, home: '曼城', away: '利物浦', score: '2-1', start_time: '2026-11-22T09:30:00.000Z' }],
    source: 'match_report',
    liked: false,
    clips: [],
    ...overrides,
  };
}

/** A match report's clip as the detail carries it (shared ClipSchema). */
export function reportClip(overrides: Partial<Clip> = {}): Clip {
  const id = overrides.id ?? 31;
  return {
    id,
    title: "进球！曼城 1-0 利物浦 12'",
    kind: 'goal',
    status: 'ready',
    failure: null,
    video_url: `/media/clips/${id}.mp4`,
    thumb_url: `/media/clips/${id}.jpg`,
    duration_ms: 30_000,
    happened_at: '2026-11-22T09:42:00.000Z',
    created_at: '2026-11-22T09:42:12.000Z',
    room_id: 8,
    anchor: { user_id: 9, user_nickname: '主播老李', avatar: '' },
    match_id: 77,
    event_id: 501,
    minute: "12'",
    creator: null,
    can_edit: 0,
    ...overrides,
  };
}

export function headlineEntry(overrides: Partial<HeadlineItem> = {}): PortalFeedEntry {
  return { kind: 'headline', headline: headline(overrides) };
}

export function postEntry(id: number, text: string): PortalFeedEntry {
  return {
    kind: 'post',
    post: { id, text, images: [], user_id: 9, user_nickname: '主播老李', user_avatar: '', like_count: 5, comment_count: 2, created_at: '2026-11-22T10:00:00.000Z' },
  };
}

/** An article's comment as `api/Headlines/commentList` answers it (the circle's shape with `headline_id`). */
export function headlineComment(overrides: Partial<HeadlineComment> = {}): HeadlineComment {
  return {
    id: 100,
    headline_id: 1,
    root_id: null,
    reply_to: null,
    author: { id: 9, nickname: '球迷老张', avatar: '', level: 3 },
    text: '好文章',
    removed: false,
    like_count: 2,
    liked_by_me: false,
    is_mine: false,
    created_at: '2026-11-22T12:00:00.000Z',
    reply_count: 0,
    replies: [],
    ...overrides,
  };
}

/** A reply as it comes folded in its thread (no reply_count or replies of its own). */
export function headlineReply(overrides: Partial<HeadlineCommentReply> = {}): HeadlineCommentReply {
  const { reply_count: _count, replies: _replies, ...reply } = headlineComment({ id: 201, root_id: 100, reply_to: { comment_id: 100, nickname: '球迷老张' } });
  return { ...reply, ...overrides };
}

export const NO_COMMENTS: HeadlineCommentPage = { list: [], next_cursor: null, comment_count: 0 };
