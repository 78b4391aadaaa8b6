import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MatchDetail, MatchRow } from '@sports/shared';
import type { MatchCentreDelta } from '@sports/shared/matchCentre';
import { renderRemotePage, roomCard } from '@sports/shared/testing';
import { SCORES_PATHS } from '../api/scoresApi';
import { routes } from '../routes';
import { FakeLiveSocket } from '../testing/fakeLiveSocket';
import { basketballRow, matchRow, pageOf, scoresContext } from '../testing/fixtures';
import { boxScore, bucket, courtShot, footballLineups, footballMomentum, footballShotMap, leadTracker, shot, shotChart } from './centreFixtures';
import { MATCH_CENTRE_PATHS } from './matchCentreApi';

const detailOf = (row: MatchRow): MatchDetail => ({ match: row, competition_name_zh: '英超', season_name: '2025/26', venue_zh: '酋长球场', home_team_short_zh: '阿森纳', away_team_short_zh: '切尔西' });

function pageContext(row: MatchRow, answers: Record<string, unknown> = {}) {
  return scoresContext({
    [SCORES_PATHS.detail]: detailOf(row),
    [SCORES_PATHS.events]: pageOf([]),
    [SCORES_PATHS.robot]: pageOf([]),
    [SCORES_PATHS.oddsCompanies]: [],
    [SCORES_PATHS.exponent]: [],
    [SCORES_PATHS.clipList]: pageOf([]),
    [SCORES_PATHS.replayList]: pageOf([]),
    [MATCH_CENTRE_PATHS.liveList]: pageOf([]),
    [MATCH_CENTRE_PATHS.lineups]: footballLineups(row.match_id),
    [MATCH_CENTRE_PATHS.momentum]: footballMomentum(row.match_id),
    [MATCH_CENTRE_PATHS.shotMap]: footballShotMap(row.match_id),
    [MATCH_CENTRE_PATHS.boxScore]: boxScore(row.match_id),
    [MATCH_CENTRE_PATHS.shotChart]: shotChart(row.match_id),
    [MATCH_CENTRE_PATHS.leadTracker]: leadTracker(row.match_id),
    ...answers,
  });
}

const arsenal = () => matchRow({ home_team_name_zh: '阿森纳', away_team_name_zh: '切尔西' });
const delta = (row: MatchRow, fields: Partial<MatchCentreDelta>): MatchCentreDelta => ({ match_id: row.match_id, sport: row.sport, status: 'live', ...fields });
let seq = 0;
const send = (data: MatchCentreDelta) => act(() => FakeLiveSocket.broadcast({ code: 100, type: 'match_centre', seq: (seq += 1), data }));

afterEach(() => {
  vi.useRealTimers();
});

describe('the match centre on the match page', () => {
  it('football: 阵容 and 数据图 follow 赛况; their code and data load when a tab opens', async () => {
    const row = arsenal();
    const context = pageContext(row);
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, context);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['赛况', '阵容', '数据图', '技术统计', '指数', '积分榜', '情报']);
    expect(context.callsTo(MATCH_CENTRE_PATHS.lineups)).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: '阵容' }));
    expect(await screen.findByTestId('lineups')).toBeTruthy();
    expect(context.callsTo(MATCH_CENTRE_PATHS.lineups)[0]?.params).toEqual({ match_id: row.match_id });
    fireEvent.click(screen.getByRole('tab', { name: '数据图' }));
    expect(await screen.findByTestId('momentum')).toBeTruthy();
    expect(screen.getByTestId('shot-map')).toBeTruthy();
    expect(screen.getByTestId('xg-race')).toBeTruthy();
  });

  it('live deltas: a shot grows the momentum bar and lands on the shot map; a goal changes the scorer rating', async () => {
    const row = arsenal();
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, pageContext(row));
    fireEvent.click(await screen.findByRole('tab', { name: '数据图' }));
    await screen.findByTestId('momentum');
    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));

    send(delta(row, { momentum: [bucket(23, 95)], shots: [shot(4, { minute: 67, xg: 0.41, outcome: 'goal', on_target: true })], home_xg: 1.25 }));
    expect(screen.getAllByTestId('momentum-bar').at(-1)?.getAttribute('data-value')).toBe('95');
    const goal = screen.getAllByTestId('shot').find((marker) => marker.getAttribute('data-shot-id') === '4');
    expect(goal?.getAttribute('data-xg')).toBe('0.41');
    expect(screen.getByText('射门分布 · 预期进球 阿森纳 1.25 - 0.21 切尔西')).toBeTruthy();
    // A frame of another match changes nothing; the same frame twice adds nothing.
    send({ ...delta(row, { shots: [shot(5)] }), match_id: row.match_id + 1 });
    send(delta(row, { shots: [shot(4, { minute: 67, xg: 0.41, outcome: 'goal', on_target: true })] }));
    expect(screen.getAllByTestId('shot')).toHaveLength(4);

    fireEvent.click(screen.getByRole('tab', { name: '阵容' }));
    const saka = await screen.findByRole('button', { name: /萨卡/ });
    expect(saka.textContent).toBe('萨卡 评分 8.1');
    const lineups = footballLineups(row.match_id);
    const sakaLine = lineups.home.starters[8]!;
    send(delta(row, { ratings: [{ player_id: sakaLine.player_id, side: 'home', name_zh: '萨卡', shirt_number: 9, position: 'FW', rating: 8.9, stats: { ...sakaLine.stats, goals: 2 } }] }));
    expect(screen.getByRole('button', { name: /萨卡/ }).textContent).toBe('萨卡 评分 8.9');
  });

  it("watches the match on the page's socket, and fetches the documents again when its deltas were lost", async () => {
    const row = arsenal();
    const context = pageContext(row);
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, context);
    fireEvent.click(await screen.findByRole('tab', { name: '数据图' }));
    await screen.findByTestId('momentum');
    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));
    expect(FakeLiveSocket.opened[0]?.sent).toContainEqual({ type: 'watch', match_id: row.match_id });
    expect(context.callsTo(MATCH_CENTRE_PATHS.momentum)).toHaveLength(1);
    act(() => FakeLiveSocket.broadcast({ type: 'synced', stream: 'match_centre', seq: 40, mode: 'snapshot' }));
    await waitFor(() => expect(context.callsTo(MATCH_CENTRE_PATHS.momentum)).toHaveLength(2));
    expect(screen.getByTestId('momentum')).toBeTruthy();
  });

  it('spoiler-free: a viewer whose picture lags 8 s sees the delta 8 s later', async () => {
    const row = arsenal();
    const context = pageContext(row);
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, context);
    fireEvent.click(await screen.findByRole('tab', { name: '数据图' }));
    await screen.findByTestId('momentum');
    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));
    vi.useFakeTimers();
    act(() => context.eventBus.emit('player:delay', { roomId: 7, matchId: row.match_id, delayMs: 8_000 }));
    send(delta(row, { momentum: [bucket(24, -60)] }));
    expect(screen.getAllByTestId('momentum-bar')).toHaveLength(3);
    act(() => vi.advanceTimersByTime(8_000));
    expect(screen.getAllByTestId('momentum-bar')).toHaveLength(4);
  });

  it('basketball: 球员统计 and 投篮图; a made three reaches the shot chart live', async () => {
    const row = basketballRow({ home_team_name_zh: '湖人', away_team_name_zh: '勇士' });
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, pageContext(row));
    fireEvent.click(await screen.findByRole('tab', { name: '球员统计' }));
    expect(await screen.findByRole('table', { name: '湖人 球员技术统计' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '投篮图' }));
    await screen.findByTestId('shot-chart');
    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));
    send(delta(row, { basketball_shots: [courtShot(9, { side: 'away', player_zh: '库里', points: 3, made: true, x: 0.6, y: 1 })] }));
    const three = screen.getAllByTestId('court-shot').find((shot) => shot.getAttribute('data-shot-id') === '9');
    expect(three?.getAttribute('data-points')).toBe('3');
    expect(three?.getAttribute('data-made')).toBe('true');
    expect(screen.getByTestId('lead-tracker')).toBeTruthy();
  });

  it('links 看直播 to each open room showing the match, on-air ones first; a closed room is left out', async () => {
    const row = arsenal();
    const live = roomCard({ room_id: 7, is_live: 1, anchor: { anchor_id: 1, user_nickname: '主播老李', avatar: '', fans: 0 } });
    const open = roomCard({ room_id: 9, is_live: 0, is_open: 1, anchor: { anchor_id: 2, user_nickname: '老王说球', avatar: '', fans: 0 } });
    const closed = roomCard({ room_id: 8, is_live: 0, is_open: 0 });
    const context = pageContext(row, { [MATCH_CENTRE_PATHS.liveList]: pageOf([live, open, closed]) });
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, context);
    const rooms = await screen.findByTestId('match-live-rooms');
    const links = within(rooms).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['看直播主播老李', '#/live?id=7'],
      ['看直播老王说球', '#/live?id=9'],
    ]);
    expect(context.callsTo(MATCH_CENTRE_PATHS.liveList)[0]?.params).toEqual({ match_id: row.match_id, page: 1, page_size: 10 });
  });

  it('esports and other sports have no match-centre tabs', async () => {
    const row = matchRow({ sport: 'esports' });
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, pageContext(row));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).not.toContain('阵容');
  });
});
