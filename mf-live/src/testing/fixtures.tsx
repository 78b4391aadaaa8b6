import { createTestContext, pageOf, roomCard } from '@sports/shared/testing';

export { pageOf, roomCard };
import type { LiveRoomInfo, UserInfo } from '@sports/shared';
import { RemoteRoot, userInfoAtom } from '@sports/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

export function roomInfo(overrides: Partial<LiveRoomInfo> = {}): LiveRoomInfo {
  const card = roomCard(overrides);
  return {
    ...card,
    placard: '欢迎来到直播间',
    stream_started_at: '2026-11-22T11:00:00.000Z',
    flv: `/live/room${card.room_id}.flv`,
    hls: null,
    is_attention: 0,
    viewer_role: 'guest',
    is_muted: 0,
    muted_until: null,
    ...overrides,
  };
}

/** What a faked call was sent: the query of a GET, the body of a POST. */
export type Params = Record<string, unknown> | undefined;
export type Answer = unknown | ((params: Params) => unknown);

/**
 * A RemoteContext whose API answers per path (a value, an Error, or a function of the params),
 * recording calls; unit tests only, the end-to-end journey drives the real server.
 */
export function liveContext(answers: Record<string, Answer>) {
  const base = createTestContext();
  const calls: { path: string; params?: Record<string, unknown>; headers?: Record<string, string> }[] = [];
  const answer = async (path: string, params?: Record<string, unknown>, headers?: Record<string, string>) => {
    calls.push(headers ? { path, params, headers } : { path, params });
    if (!(path in answers)) throw new Error(`no answer for ${path}`);
    const value = answers[path];
    const result = typeof value === 'function' ? (value as (params: Record<string, unknown> | undefined) => unknown)(params) : value;
    if (result instanceof Error) throw result;
    return result;
  };
  // `request` (a call with headers) answers the whole envelope, as the real client does.
  const request = async (config: { url?: string; params?: Record<string, unknown>; data?: unknown; headers?: Record<string, string> }) => ({
    code: 200,
    msg: '',
    data: await answer(config.url ?? '', config.params ?? (config.data as Record<string, unknown> | undefined), config.headers),
  });
  const api = { ...base.api, get: (path: string, params?: Record<string, unknown>) => answer(path, params), post: (path: string, params?: Record<string, unknown>) => answer(path, params), request };
  return {
    ...base,
    api: api as typeof base.api,
    calls,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
    /** Answers change during a test (the anchor starts pushing...). */
    answers,
  };
}

export const MEMBER: UserInfo = { user_nickname: '球迷小王', avatar: '', exp: 10, balance: 0, is_anchor: 0, id: 501 };
export const ANCHOR: UserInfo = { user_nickname: '主播老李', avatar: '', exp: 10, balance: 0, is_anchor: 1, id: 1100 };

export function logIn(context: ReturnType<typeof liveContext>, user: UserInfo): void {
  context.store.set(userInfoAtom, user);
}

/** Renders one component inside a remote's root (store + theme), as a page would have it. */
export function renderInRemote(context: ReturnType<typeof liveContext>, element: ReactElement) {
  return render(<RemoteRoot context={context}>{element}</RemoteRoot>);
}
