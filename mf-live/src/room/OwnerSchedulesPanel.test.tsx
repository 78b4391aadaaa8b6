import '../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveSchedule, MatchRow, RoomMatch } from '@sports/shared';
import { DAY_MATCHES_SIZE, LIVE_LIST_PAGE_SIZE, LIVE_PATHS } from '../api/liveApi';
import { liveContext, pageOf, renderInRemote, type Params } from '../testing/fixtures';
import { OwnerSchedulesPanel } from './OwnerSchedulesPanel';

// 2026-11-23 01:00 in China: "today" is the 23rd there, still the 22nd in UTC.
const NOW = new Date('2026-11-22T17:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const roomMatch: RoomMatch = {
  match_id: 900,
  sport: 'football',
  competition_short_zh: '英超',
  home_team_name_zh: '阿森纳',
  away_team_name_zh: '切尔西',
  kickoff_at: '2026-11-23T12:00:00.000Z',
  status: 'scheduled',
  match_str: '未开赛',
  home_score: 0,
  away_score: 0,
};

function schedule(id: number, overrides: Partial<LiveSchedule> = {}): LiveSchedule {
  return { id, room_id: 7, anchor: { anchor_id: 1100, user_nickname: '主播老李', avatar: '', fans: 1 }, title: '', starts_at: roomMatch.kickoff_at, match: roomMatch, reservations: 0, is_reserved: 0, is_live: 0, ...overrides };
}

function matchRow(id: number, home: string, away: string, kickoff: string, status: MatchRow['status'] = 'scheduled'): MatchRow {
  return {
    match_id: id, sport: 'football', competition_id: 1, competition_short_zh: '英超', hot: true, round_zh: '第12轮', home_team_id: 1, away_team_id: 2,
    home_team_name_zh: home, away_team_name_zh: away, kickoff_at: kickoff, status, period: null, minute: null, extra_minute: null, clock_seconds: null,
    match_str: '未开赛', home_score: 0, away_score: 0, home_half_score: null, away_half_score: null, period_scores: [], home_red: 0, away_red: 0,
    home_yellow: 0, away_yellow: 0, home_corner: 0, away_corner: 0,
  };
}

const MATCHES_BY_DAY: Record<string, MatchRow[]> = {
  '2026-11-23': [matchRow(900, '阿森纳', '切尔西', '2026-11-23T12:00:00.000Z'), matchRow(901, '利物浦', '埃弗顿', '2026-11-22T17:00:00.000Z', 'finished')],
  '2026-11-25': [matchRow(950, '曼城', '热刺', '2026-11-25T11:30:00.000Z')],
};

/** A fake server: schedules of room 7 that setReserveLiveNew adds to and deleteReserveLive removes from. */
function scheduleContext(initial: LiveSchedule[]) {
  let schedules = [...initial];
  return liveContext({
    [LIVE_PATHS.reserveLiveList]: () => pageOf(schedules),
    [LIVE_PATHS.deleteSchedule]: (params: Params) => {
      schedules = schedules.filter((item) => item.id !== params?.id);
      return null;
    },
    [LIVE_PATHS.setSchedule]: (body: Params) => {
      const added = schedule(77, { title: (body?.title as string | undefined) ?? '', match: { ...roomMatch, match_id: body?.match_id as number } });
      schedules = [...schedules, added];
      return added;
    },
    [LIVE_PATHS.allMatch]: (body: Params) => pageOf(MATCHES_BY_DAY[body?.date as string] ?? []),
  });
}

describe('scheduled broadcasts (owner console)', () => {
  it("lists the room's upcoming schedules (room_id filter) and deletes one", async () => {
    const context = scheduleContext([schedule(31, { title: '焦点战直播' }), schedule(32)]);
    const onChanged = vi.fn();
    renderInRemote(context, <OwnerSchedulesPanel context={context} roomId={7} roomType={1} onChanged={onChanged} />);
    const list = await screen.findByRole('list', { name: '直播预告管理' });
    expect(context.callsTo(LIVE_PATHS.reserveLiveList)[0]?.params).toEqual({ room_id: 7, page: 1, page_size: LIVE_LIST_PAGE_SIZE });
    expect(within(list).getAllByTestId('owner-schedule')).toHaveLength(2);
    expect(within(list).getByText(/焦点战直播/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '删除直播预告 焦点战直播' }));
    await waitFor(() => expect(screen.getAllByTestId('owner-schedule')).toHaveLength(1));
    expect(context.callsTo(LIVE_PATHS.deleteSchedule)[0]?.params).toEqual({ id: 31 });
    expect(screen.getByRole('button', { name: '删除直播预告 英超 阿森纳 vs 切尔西' })).toBeTruthy();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('picks a day (today + 7, China time) and a match of that day, then schedules it', async () => {
    const context = scheduleContext([]);
    const onChanged = vi.fn();
    renderInRemote(context, <OwnerSchedulesPanel context={context} roomId={7} roomType={1} onChanged={onChanged} />);
    expect(await screen.findByText('还没有直播预告')).toBeTruthy();
    const form = screen.getByTestId('schedule-form');
    const day = within(form).getByLabelText('日期') as HTMLSelectElement;
    expect([...day.options].map((option) => option.value)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
    expect(day.options[0]?.textContent).toBe('今天 11-23 周一');
    expect(day.options[1]?.textContent).toBe('明天 11-24 周二');

    // Today's matches of the room's sport (football room), finished ones left out.
    const match = within(form).getByLabelText('比赛') as HTMLSelectElement;
    await waitFor(() => expect(match.disabled).toBe(false));
    expect(context.callsTo(LIVE_PATHS.allMatch)[0]?.params).toEqual({ date: '2026-11-23', sport: 'football', page: 1, page_size: DAY_MATCHES_SIZE });
    expect([...match.options].map((option) => option.textContent)).toEqual(['请选择比赛', '20:00 英超 阿森纳 vs 切尔西']);
    expect((within(form).getByRole('button', { name: '添加预告' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(day, { target: { value: '2026-11-25' } });
    await waitFor(() => expect([...match.options].map((option) => option.value)).toEqual(['', '950']));
    fireEvent.change(match, { target: { value: '950' } });
    fireEvent.change(within(form).getByLabelText('预告标题（可选）'), { target: { value: ' 德比之夜 ' } });
    fireEvent.change(within(form).getByLabelText('开播时间（可选，默认比赛开始时间）'), { target: { value: '19:15' } });
    fireEvent.click(within(form).getByRole('button', { name: '添加预告' }));

    await waitFor(() => expect(screen.getAllByTestId('owner-schedule')).toHaveLength(1));
    expect(context.callsTo(LIVE_PATHS.setSchedule)[0]?.params).toEqual({ match_id: 950, title: '德比之夜', starts_at: '2026-11-25T19:15:00+08:00' });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(match.value).toBe('');
  });

  it('sends only the match when title and time are left empty; a day without matches says so', async () => {
    const context = scheduleContext([]);
    renderInRemote(context, <OwnerSchedulesPanel context={context} roomId={7} roomType={3} />);
    const form = await screen.findByTestId('schedule-form');
    const match = within(form).getByLabelText('比赛') as HTMLSelectElement;
    await waitFor(() => expect(match.disabled).toBe(false));
    // An esports room asks for every sport.
    expect(context.callsTo(LIVE_PATHS.allMatch)[0]?.params).toEqual({ date: '2026-11-23', page: 1, page_size: DAY_MATCHES_SIZE });
    fireEvent.change(match, { target: { value: '900' } });
    fireEvent.click(within(form).getByRole('button', { name: '添加预告' }));
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.setSchedule)).toHaveLength(1));
    expect(context.callsTo(LIVE_PATHS.setSchedule)[0]?.params).toEqual({ match_id: 900 });

    fireEvent.change(within(form).getByLabelText('日期'), { target: { value: '2026-11-24' } });
    await waitFor(() => expect(match.options[0]?.textContent).toBe('当天没有比赛'));
    expect(match.disabled).toBe(true);
  });

  it('a refused schedule keeps the form as it was (the API client shows why)', async () => {
    const context = scheduleContext([]);
    context.answers[LIVE_PATHS.setSchedule] = new Error('开播时间不能早于现在');
    renderInRemote(context, <OwnerSchedulesPanel context={context} roomId={7} roomType={1} />);
    const form = await screen.findByTestId('schedule-form');
    const match = within(form).getByLabelText('比赛') as HTMLSelectElement;
    await waitFor(() => expect(match.disabled).toBe(false));
    fireEvent.change(match, { target: { value: '900' } });
    fireEvent.click(within(form).getByRole('button', { name: '添加预告' }));
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.setSchedule)).toHaveLength(1));
    expect(match.value).toBe('900');
    expect(screen.getByText('还没有直播预告')).toBeTruthy();
  });
});
