import { ApiError, userInfoAtom, type Post, type PostComment, type PostCommentReply, type UserInfo } from '@sports/shared';
import { createTestContext } from '@sports/shared/testing';

/** Unit tests only: the end-to-end journey (e2e/tests/community.spec.ts) drives the real server. */
export type Answer = unknown | ((params: unknown) => unknown);

/** A RemoteContext answering per path (a value, an Error, or a function of the params or body), recording calls and events. */
export function communityContext(answers: Record<string, Answer>) {
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
  const events: { type: string; payload: unknown }[] = [];
  base.eventBus.on('*', (type, payload) => events.push({ type, payload }));
  const api = { ...base.api, get: (path: string, params?: unknown) => answer(path, params), post: (path: string, body?: unknown) => answer(path, body) };
  return { ...base, api: api as typeof base.api, calls, events, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

export type CommunityTestContext = ReturnType<typeof communityContext>;

export const READER: UserInfo = { user_nickname: '球迷小王', avatar: '', exp: 12, balance: 0, is_anchor: 0, id: 501 };

export function logIn(context: CommunityTestContext, user: UserInfo = READER): void {
  context.store.set(userInfoAtom, user);
}

export function post(overrides: Partial<Post> = {}): Post {
  return {
    id: 10,
    author: { id: 700, nickname: '主播老李', avatar: '/uploads/a.png', level: 7 },
    text: '今晚的比赛太精彩了',
    images: [],
    topic: null,
    match: null,
    room: null,
    like_count: 0,
    comment_count: 0,
    liked_by_me: false,
    is_mine: false,
    created_at: '2026-11-25T02:00:00.000Z',
    ...overrides,
  };
}

export function reply(overrides: Partial<PostCommentReply> = {}): PostCommentReply {
  return {
    id: 200,
    post_id: 10,
    root_id: 100,
    reply_to: { comment_id: 100, nickname: '甲' },
    author: { id: 802, nickname: '乙', avatar: '', level: 2 },
    text: '同意',
    removed: false,
    like_count: 0,
    liked_by_me: false,
    is_mine: false,
    created_at: '2026-11-25T02:10:00.000Z',
    ...overrides,
  };
}

export function comment(overrides: Partial<PostComment> = {}): PostComment {
  return {
    ...reply({ id: 100, root_id: null, reply_to: null, author: { id: 801, nickname: '甲', avatar: '', level: 3 }, text: '好球' }),
    reply_count: 0,
    replies: [],
    ...overrides,
  };
}
