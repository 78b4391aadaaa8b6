import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import { GUEST_CHAT_ACCOUNT_PATH, MEMBER_CHAT_SIG_PATH, type LiveRoomInfo } from '@sports/shared';
import { type FakeChatClient, FakeChatNetwork } from '@sports/shared/testing';
import { LIVE_PATHS } from '../../api/liveApi';
import { overrideRoomDependencies } from '../../roomDependencies';
import { createFakeEngines, MSE_CAPABLE } from '../../testing/fakeEngines';
import { liveContext, pageOf, roomInfo } from '../../testing/fixtures';

/** Room 7, 英超直播, whose chat group is 1100 (the live room tests' room). */
export const ROOM = roomInfo({ room_id: 7, title: '英超直播', group_id: '1100', anchor: { anchor_id: 1100, user_nickname: '主播老李', avatar: '', fans: 9 } });

/** The API answers a room page asks for, with room info changed by `overrides` and more answers in `extra`. */
export function roomContext(overrides: Partial<LiveRoomInfo> = {}, extra: Record<string, unknown> = {}) {
  return liveContext({
    [LIVE_PATHS.roomInfo]: { ...ROOM, ...overrides },
    [LIVE_PATHS.reserveLiveList]: pageOf([]),
    [GUEST_CHAT_ACCOUNT_PATH]: { id: 'g42', sig: 'guest-sig' },
    [MEMBER_CHAT_SIG_PATH]: { id: 501, userSig: 'member-sig' },
    [LIVE_PATHS.giftList]: [],
    [LIVE_PATHS.giftRoomRank]: { period: 'day', since: '', list: [] },
    ...extra,
  });
}

/**
 * For a test file rendering the room page: each test gets a fresh fake chat network and fake
 * player engines (the room's dependencies, put back after the test). Read them from the returned
 * object inside a test.
 */
export function useLiveRoomHarness() {
  const state = {
    network: new FakeChatNetwork(),
    fake: createFakeEngines(),
    /** The chat clients the room made, newest last (tests deliver C2C notices through them). */
    clients: [] as FakeChatClient[],
    restore: () => undefined as void,
  };
  beforeEach(() => {
    state.network = new FakeChatNetwork();
    state.fake = createFakeEngines();
    state.clients = [];
    const createChatClient = () => {
      const client = state.network.client();
      state.clients.push(client);
      return client;
    };
    state.restore = overrideRoomDependencies({ createChatClient, engines: state.fake.engines, capabilities: MSE_CAPABLE });
  });
  afterEach(() => state.restore());
  return {
    get network() {
      return state.network;
    },
    get fake() {
      return state.fake;
    },
    get clients() {
      return state.clients;
    },
    /** The chat joins the group 1 s after login (SPEC.md section 9). */
    async joined() {
      await waitFor(() => expect(state.network.memberCount('1100')).toBe(1), { timeout: 10_000 });
    },
  };
}
