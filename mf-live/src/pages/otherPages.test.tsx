import '../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST_CHAT_ACCOUNT_PATH, type LiveSchedule, type RoomMatch } from '@sports/shared';
import { FakeChatNetwork, renderRemotePage, renderRemoteWidget } from '@sports/shared/testing';
import { MATCH_PATHS } from '../scoreBar/matchApi';
import { LIVE_PATHS } from '../api/liveApi';
import { overrideRoomDependencies } from '../roomDependencies';
import { routes } from '../routes';
import { createFakeEngines, MSE_CAPABLE } from '../testing/fakeEngines';
import { ANCHOR, liveContext, logIn, MEMBER, pageOf, roomCard, roomInfo } from '../testing/fixtures';
import { widgets } from '../widgets';

let restore: () => void;
beforeEach(() => {
  const network = new FakeChatNetwork();
  restore = overrideRoomDependencies({ createChatClient: () => network.client(), engines: createFakeEngines().engines, capabilities: MSE_CAPABLE });
});
afterEach(() => restore());

const match: RoomMatch = {
  match_id: 900,
  sport: 'football',
  competition_short_zh: '英超',
  home_team_name_zh: '阿森纳',
  away_team_name_zh: '切尔西',
  kickoff_at: '2026-11-22T12:00:00.000Z',
  status: 'scheduled',
  match_str: '未开赛',
  home_score: 0,
  away_score: 0,
};

function schedule(overrides: Partial<LiveSchedule> = {}): LiveSchedule {
  return { id: 31, room_id: 5, anchor: { anchor_id: 1100, user_nickname: '主播老李', avatar: '', fans: 1 }, title: '', starts_at: match.kickoff_at, match, reservations: 0, is_reserved: 0, is_live: 0, ...overrides };
}

describe('my room (anchor)', () => {
  it('an anchor without a room creates one and is taken to it', async () => {
    const context = liveContext({ [LIVE_PATHS.roomList]: [], [LIVE_PATHS.createRoom]: { room_id: 12 } });
    const navigate = vi.fn();
    logIn(context, ANCHOR);
    renderRemotePage(routes, 'live', { mine: '1' }, { ...context, navigate });
    const form = await screen.findByTestId('create-room-form');
    fireEvent.click(within(form).getByRole('button', { name: '创建直播间' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('直播标题'), { target: { value: '今晚英超' } });
    fireEvent.change(within(form).getByLabelText('直播类型'), { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: '创建直播间' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/live?id=12', { replace: true }));
    expect(context.callsTo(LIVE_PATHS.createRoom)[0]?.params).toEqual({ title: '今晚英超', type: 1 });
  });

  it('an anchor with a room goes straight to it', async () => {
    const context = liveContext({ [LIVE_PATHS.roomList]: [{ room_id: 8 }] });
    const navigate = vi.fn();
    logIn(context, ANCHOR);
    renderRemotePage(routes, 'live', { mine: '1' }, { ...context, navigate });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/live?id=8', { replace: true }));
  });
});

describe('score-live', () => {
  /** The server's part: only the rooms / schedules of the match asked for (match_id). */
  const byMatch = <Item,>(items: Record<number, Item[]>) => (params: Record<string, unknown> | undefined) => pageOf(items[Number(params?.match_id)] ?? []);

  it('asks for the rooms showing the match (match_id) and shows the first: the server puts live ones first', async () => {
    const room = roomInfo({ room_id: 5, title: '阿森纳 vs 切尔西 解说', match });
    const context = liveContext({
      [LIVE_PATHS.liveList]: byMatch({ 900: [roomCard({ room_id: 5, match }), roomCard({ room_id: 6, match, is_live: 0 })], 901: [roomCard({ room_id: 4 })] }),
      [LIVE_PATHS.reserveLiveList]: byMatch({}),
      [LIVE_PATHS.roomInfo]: room,
      [GUEST_CHAT_ACCOUNT_PATH]: { id: 'g1', sig: 's' },
    });
    renderRemotePage(routes, 'score-live', { id: '900' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '阿森纳 vs 切尔西 解说' })).toBeTruthy();
    expect(context.callsTo(LIVE_PATHS.roomInfo)[0]?.params).toEqual({ room_id: 5 });
    // One filtered call each, no scanning of every room or schedule (the room's own schedule section asks later).
    expect(context.callsTo(LIVE_PATHS.liveList).map((call) => call.params)).toEqual([{ match_id: 900, page: 1, page_size: 1 }]);
    expect(context.callsTo(LIVE_PATHS.reserveLiveList)[0]?.params).toEqual({ match_id: 900, page: 1, page_size: 20 });
  });

  it('no room yet: the scheduled broadcasts of the match, reservable by members', async () => {
    const context = liveContext({
      [LIVE_PATHS.liveList]: byMatch({ 901: [roomCard({ room_id: 4 })] }),
      [LIVE_PATHS.reserveLiveList]: byMatch({ 900: [schedule()], 901: [schedule({ id: 32, match: { ...match, match_id: 901 } })] }),
      [LIVE_PATHS.reserveSchedule]: { is_reserved: 1 },
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'score-live', { id: '900' }, context);
    expect(await screen.findByText('这场比赛暂时没有直播间')).toBeTruthy();
    const list = screen.getByTestId('schedule-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(context.callsTo(LIVE_PATHS.reserveLiveList)[0]?.params).toMatchObject({ match_id: 900 });
    fireEvent.click(within(list).getByRole('button', { name: /^预约/ }));
    await waitFor(() => expect(within(list).getByRole('button', { name: /^已预约/ })).toBeTruthy());
    expect(context.callsTo(LIVE_PATHS.reserveSchedule)[0]?.params).toEqual({ schedule_id: 31, reserve: 1 });
  });

  it('no room yet: still the match\'s score bar and commentary', async () => {
    const context = liveContext({
      [LIVE_PATHS.liveList]: byMatch({}),
      [LIVE_PATHS.reserveLiveList]: byMatch({}),
      [MATCH_PATHS.detail]: { match: { ...scoreRow(), match_id: 900 } },
      [MATCH_PATHS.robot]: pageOf([{ id: 1, kind: 'kickoff', match_str: "1'", text: '比赛开始，阿森纳 对阵 切尔西', occurred_at: '2026-01-01T00:00:00.000Z' }]),
    });
    renderRemotePage(routes, 'score-live', { id: '900' }, context);
    const bar = await screen.findByRole('region', { name: '比分' });
    expect(within(bar).getByTestId('score-bar-score').textContent).toBe('2 - 1');
    expect((await screen.findByTestId('commentary-line')).textContent).toContain('比赛开始');
    expect(context.callsTo(MATCH_PATHS.detail)[0]?.params).toEqual({ match_id: 900 });
  });
});

describe('rank, attention, reserve', () => {
  it('rank lists rooms by period', async () => {
    const context = liveContext({ [LIVE_PATHS.ranking]: (params: Record<string, unknown> | undefined) => ({ period: params?.period, list: [{ rank: 1, room: roomCard({ title: `榜首${String(params?.period)}` }), fans: 1, broadcast_seconds: 60, peak_viewers: 3, score: 14 }] }) });
    renderRemotePage(routes, 'rank', {}, context);
    expect(await screen.findByText('榜首week')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '月榜' }));
    expect(await screen.findByText('榜首month')).toBeTruthy();
  });

  it('attention: a visitor is asked to log in; a member sees follows, live first', async () => {
    const visitor = liveContext({});
    const opened: unknown[] = [];
    visitor.eventBus.on('login:open', (event) => opened.push(event));
    const view = renderRemotePage(routes, 'attention', {}, visitor);
    expect(await screen.findByText('登录后查看你的关注')).toBeTruthy();
    expect(opened).toHaveLength(1);
    view.unmount();

    const offline = roomCard({ title: '休息', is_live: 0 });
    const live = roomCard({ title: '正在播' });
    const member = liveContext({
      [LIVE_PATHS.attentionList]: pageOf([
        { anchor: offline.anchor, room: offline, followed_at: '2026-11-01T00:00:00Z' },
        { anchor: live.anchor, room: live, followed_at: '2026-11-01T00:00:00Z' },
      ]),
    });
    logIn(member, MEMBER);
    renderRemotePage(routes, 'attention', {}, member);
    const cards = await screen.findAllByTestId('room-card');
    expect(within(cards[0] as HTMLElement).getByText('正在播')).toBeTruthy();
  });

  it('reserve: my reservations and upcoming broadcasts', async () => {
    const context = liveContext({
      [LIVE_PATHS.userReserveList]: pageOf([{ id: 1, kind: 'match', match, schedule: null, created_at: '2026-11-01T00:00:00Z' }]),
      [LIVE_PATHS.reserveLiveList]: pageOf([schedule({ title: '焦点战直播' })]),
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'reserve', {}, context);
    expect((await screen.findByRole('link', { name: '英超 阿森纳 vs 切尔西' })).getAttribute('href')).toBe('#/score-live?id=900');
    expect(await screen.findByText('焦点战直播')).toBeTruthy();
  });
});

describe('home widget', () => {
  it('shows live rooms and leads to the live list', async () => {
    const context = liveContext({ [LIVE_PATHS.liveList]: pageOf([roomCard({ title: '正在直播的房间' }), roomCard({ title: '没开播', is_live: 0 })]) });
    renderRemoteWidget(widgets, 'liveRecommend', context);
    expect(await screen.findByText('正在直播的房间')).toBeTruthy();
    expect(screen.queryByText('没开播')).toBeNull();
    expect(screen.getByRole('link', { name: '更多直播' }).getAttribute('href')).toBe('#/anchor?type=0');
  });
});

function scoreRow() {
  return {
    match_id: 900, sport: 'football' as const, competition_id: 1, competition_short_zh: '英超', hot: true, round_zh: '第12轮', home_team_id: 1, away_team_id: 2,
    home_team_name_zh: '阿森纳', away_team_name_zh: '切尔西', kickoff_at: '2026-01-01T00:00:00.000Z', status: 'live' as const, period: 2, minute: 67, extra_minute: null,
    clock_seconds: null, match_str: "67'", home_score: 2, away_score: 1, home_half_score: 1, away_half_score: 1, period_scores: [], home_red: 0, away_red: 0,
    home_yellow: 0, away_yellow: 0, home_corner: 0, away_corner: 0,
  };
}
