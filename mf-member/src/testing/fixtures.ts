import { ApiError, userInfoAtom, type UserInfo, type UserProfile } from '@sports/shared';
import { createTestContext, pageOf, roomCard } from '@sports/shared/testing';

export { pageOf, roomCard };

export type Answer = unknown | ((params: unknown) => unknown);

/**
 * A RemoteContext whose API answers per path (a value, an Error, or a function of the params or
 * body), recording calls; unit tests only, the end-to-end journey drives the real server.
 */
export function memberContext(answers: Record<string, Answer>) {
  const base = createTestContext();
  const calls: { path: string; method: 'GET' | 'POST'; params?: unknown; headers?: Record<string, string> }[] = [];
  const answer = async (path: string, params?: unknown, headers?: Record<string, string>, method: 'GET' | 'POST' = 'GET') => {
    calls.push(headers === undefined ? { path, method, params } : { path, method, params, headers });
    if (!(path in answers)) throw new ApiError(null, `no answer for ${path}`);
    const value = answers[path];
    const result = typeof value === 'function' ? (value as (params: unknown) => unknown)(params) : value;
    if (result instanceof Error) throw result;
    return result;
  };
  // `request` (calls with their own headers) answers the same way, inside a success envelope.
  const request = async (config: { method?: 'GET' | 'POST'; url?: string; params?: unknown; data?: unknown; headers?: Record<string, string> }) => ({
    code: 200,
    msg: '',
    data: await answer(config.url ?? '', config.params ?? config.data, config.headers, config.method ?? 'GET'),
  });
  const api = { ...base.api, get: (path: string, params?: unknown) => answer(path, params), post: (path: string, body?: unknown) => answer(path, body, undefined, 'POST'), request };
  return {
    ...base,
    api: api as typeof base.api,
    calls,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
    answers,
  };
}

export type MemberTestContext = ReturnType<typeof memberContext>;

export const MEMBER: UserInfo = { user_nickname: '球迷小王', avatar: '/static/avatars/avatar-1.svg', exp: 12, balance: 0, is_anchor: 0, id: 501 };
export const ANCHOR: UserInfo = { user_nickname: '主播老李', avatar: '', exp: 30, balance: 88, is_anchor: 1, id: 1100 };

export function profileOf(user: UserInfo, overrides: Partial<UserProfile> = {}): UserProfile {
  return { id: user.id ?? 1, user_nickname: user.user_nickname, avatar: user.avatar, exp: user.exp, level: 1, balance: user.balance, is_anchor: user.is_anchor, invite_code: 'ABC123', ...overrides };
}

export function logIn(context: MemberTestContext, user: UserInfo): void {
  context.store.set(userInfoAtom, user);
}

/** A refusal as the API client rejects it (code 1 with the server's message). */
export function refused(message: string, reason = 'TEST_REFUSAL'): ApiError {
  return new ApiError(1, message, null, reason);
}
