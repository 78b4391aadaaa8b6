import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BroadcastRecord, Replay } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { MEMBER_PATHS } from '../api/memberApi';
import { routes } from '../routes';
import { ANCHOR, logIn, MEMBER, memberContext, pageOf } from '../testing/fixtures';

// jsdom draws no canvas: the chart library is replaced by a recorder of what it was given.
type LegendSeries = { label?: string; value?: (self: unknown, raw: number | null, seriesIdx: number, dataIdx: number | null) => string };
const charts = vi.hoisted(() => ({ made: [] as { data: number[][]; destroyed: boolean; series: LegendSeries[] }[] }));
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    static tzDate = (date: Date) => date;
    record: { data: number[][]; destroyed: boolean; series: LegendSeries[] };
    constructor(options: { series: LegendSeries[] }, data: number[][]) {
      this.record = { data, destroyed: false, series: options.series };
      charts.made.push(this.record);
    }
    setSize() {}
    destroy() {
      this.record.destroyed = true;
    }
  }
  return { default: FakePlot };
});

const NOW = new Date('2026-11-22T12:00:00+08:00');

function record(overrides: Partial<BroadcastRecord>): BroadcastRecord {
  return { id: 1, room_id: 5, title: '英超夜', started_at: '2026-11-22T09:00:00+08:00', ended_at: '2026-11-22T10:30:00+08:00', duration_seconds: 5400, peak_viewers: 120, ...overrides };
}

function replay(id: number, started_at: string, status: Replay['status'] = 'ready'): Replay {
  return { id, room_id: 5, title: '英超夜', anchor: { user_id: 1100, user_nickname: '主播老李', avatar: '' }, match_id: null, started_at, ended_at: null, duration_ms: 5_400_000, status, thumb_url: null, can_edit: 1 };
}

beforeEach(() => {
  charts.made = [];
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

describe('member?type=9 broadcast records', () => {
  it("lists each broadcast, charts the last 30 days, links to the anchor's room", async () => {
    const records = [record({ id: 2 }), record({ id: 1, title: '', started_at: '2026-11-20T20:00:00+08:00', ended_at: '2026-11-20T20:45:00+08:00', duration_seconds: 2700, peak_viewers: 40 })];
    const context = memberContext({
      [MEMBER_PATHS.broadcastRecords]: (params: unknown) => pageOf(records, records.length, (params as { page: number }).page),
      [MEMBER_PATHS.ownRooms]: [{ room_id: 5 }],
    });
    logIn(context, ANCHOR);
    const view = renderRemotePage(routes, 'member', { type: '9' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '开播记录' })).toBeTruthy();
    const rows = await screen.findAllByTestId('record-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('1小时30分')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('2026/11/22 09:00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('（无标题）')).toBeTruthy();
    expect((await screen.findByTestId('own-room-link')).getAttribute('href')).toBe('#/live?id=5');

    await waitFor(() => expect(screen.getByTestId('records-chart').getAttribute('data-state')).toBe('ready'));
    const [days, hours, peaks] = charts.made[0]?.data ?? [];
    expect(days).toHaveLength(30);
    expect(hours?.at(-1)).toBe(1.5);
    expect(peaks?.at(-1)).toBe(120);
    expect(hours?.at(-3)).toBe(0.75);
    // The legend (issue 33): Chinese labels, and real values, never uPlot's 'Time: --': the day
    // under the cursor, else the latest day.
    const series = charts.made[0]?.series ?? [];
    expect(series.map((item) => item.label)).toEqual(['日期', '开播时长（小时）', '峰值人数']);
    expect(series.map((item) => item.value?.(null, null, 0, null))).toEqual(['2026-11-22', '1.5', '120']);
    expect(series.map((item) => item.value?.(null, null, 0, 27))).toEqual(['2026-11-20', '0.75', '40']);
    // The chart asked for the largest pages; the list for pages of 20.
    expect(context.callsTo(MEMBER_PATHS.broadcastRecords).map((call) => call.params)).toEqual(expect.arrayContaining([{ page: 1, page_size: 100 }, { page: 1, page_size: 20 }]));
    fireEvent.click(screen.getByText('近 30 天每日开播时长与峰值人数', { selector: 'summary' }));
    expect(within(screen.getByTestId('records-chart-table')).getAllByRole('row')).toHaveLength(31);
    view.unmount();
    expect(charts.made[0]?.destroyed).toBe(true);
  });

  it('an anchor without a room is led to create one; no records shows the empty state', async () => {
    const context = memberContext({ [MEMBER_PATHS.broadcastRecords]: pageOf([]), [MEMBER_PATHS.ownRooms]: [] });
    logIn(context, ANCHOR);
    renderRemotePage(routes, 'member', { type: '9' }, context);
    expect(await screen.findByText('还没有开播记录')).toBeTruthy();
    const link = await screen.findByRole('link', { name: '开通直播间' });
    expect(link.getAttribute('href')).toBe('#/live?mine=1');
  });

  it('a member who is not an anchor is pointed to the application', async () => {
    const context = memberContext({});
    logIn(context, MEMBER);
    renderRemotePage(routes, 'member', { type: '9' }, context);
    expect((await screen.findByRole('link', { name: '申请主播' })).getAttribute('href')).toBe('#/member?type=7');
    expect(context.calls).toEqual([]);
  });

  it('a record whose broadcast kept a replay links to it (回放, named by the record; a hidden one says so)', async () => {
    const records = [
      record({ id: 3, title: '欧冠夜', started_at: '2026-11-22T09:00:00+08:00' }),
      record({ id: 2, title: '', started_at: '2026-11-21T09:00:00+08:00' }),
      record({ id: 1, title: '周末', started_at: '2026-11-20T09:00:00+08:00' }),
    ];
    const context = memberContext({
      [MEMBER_PATHS.broadcastRecords]: (params: unknown) => pageOf(records, records.length, (params as { page: number }).page),
      [MEMBER_PATHS.ownRooms]: [{ room_id: 5 }],
      // Matched by room and start (the same instant written with another offset), not by order.
      [MEMBER_PATHS.replayList]: { list: [replay(71, '2026-11-22T01:00:00.000Z'), replay(70, '2026-11-21T01:00:00.000Z', 'hidden'), replay(69, '2026-11-20T01:00:00.000Z', 'failed')], next_cursor: null },
    });
    logIn(context, ANCHOR);
    renderRemotePage(routes, 'member', { type: '9' }, context);
    expect(await screen.findByRole('columnheader', { name: '回放' })).toBeTruthy();
    const first = await screen.findByRole('link', { name: '看回放：欧冠夜' });
    expect(first.getAttribute('href')).toBe('#/clip?replay=71');
    const hidden = screen.getByRole('link', { name: '看回放：（无标题）' });
    expect(hidden.getAttribute('href')).toBe('#/clip?replay=70');
    expect(hidden.textContent).toBe('回放（已隐藏）');
    expect(screen.getAllByTestId('record-replay')).toHaveLength(2);
    expect(context.callsTo(MEMBER_PATHS.replayList)[0]?.params).toEqual({ anchor_id: 1100, limit: 50 });
  });
});
