import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRemoteWidget, roomCard } from '@sports/shared/testing';
import { SCORES_PATHS } from '../api/scoresApi';
import { FakeLiveSocket } from '../testing/fakeLiveSocket';
import { matchRow, pageOf, scoresContext } from '../testing/fixtures';
import { widgets } from '../widgets';
import { LIVE_LIST_PATH } from './HotMatchesWidget';
import { HOT_MATCHES_SHOWN, hotMatchRows } from './hotMatchRows';

const hotList = Array.from({ length: 10 }, (_, index) => ({ id: index + 1, sport: 'football', short_name_zh: `赛事${index + 1}` }));

function contextWith(live = [matchRow({ match_id: 7001, home_team_name_zh: '曼城', away_team_name_zh: '阿森纳', home_score: 2, away_score: 1, match_str: "67'" })]) {
  const upcoming = matchRow({ match_id: 7002, status: 'scheduled', match_str: '未开赛', home_score: 0, away_score: 0, home_team_name_zh: '湖人', away_team_name_zh: '勇士' });
  const room = roomCard({ room_id: 55, match: { match_id: 7001, sport: 'football', competition_short_zh: '英超', home_team_name_zh: '曼城', away_team_name_zh: '阿森纳', kickoff_at: '2026-11-25T12:00:00Z', status: 'live', match_str: "67'", home_score: 2, away_score: 1 } });
  return scoresContext({
    [SCORES_PATHS.allMatch]: (body: Record<string, unknown> | undefined) => pageOf(body?.status === 'live' ? live : [upcoming]),
    [LIVE_LIST_PATH]: pageOf([roomCard({ room_id: 54 }), room]),
    [SCORES_PATHS.hotList]: hotList,
  });
}

describe('home hot matches widget', () => {
  it('lists matches: teams, score, minute and live state, linking to the detail and the room showing it', async () => {
    const context = contextWith();
    renderRemoteWidget(widgets, 'hotMatches', context);
    const items = await screen.findAllByTestId('hot-match');
    expect(items).toHaveLength(2);
    const live = items[0] as HTMLElement;
    expect(live.getAttribute('data-status')).toBe('live');
    expect(live.textContent).toContain('曼城');
    expect(live.textContent).toContain('阿森纳');
    expect(within(live).getByTestId('hot-match-score').textContent).toBe('2 - 1');
    expect(within(live).getByTestId('hot-match-state').textContent).toBe("进行中 67'");
    // Each link's name contains the text it shows (WCAG 2.5.3, axe label-content-name-mismatch).
    const detail = within(live).getByRole('link', { name: /曼城.*2 - 1.*阿森纳/ });
    expect(detail.getAttribute('href')).toBe('#/score-detail?id=7001');
    expect(detail.getAttribute('aria-label')).toBeNull();
    const watch = within(live).getByRole('link', { name: '看直播：曼城 对 阿森纳' });
    expect(watch.getAttribute('href')).toBe('#/live?id=55');
    expect(watch.getAttribute('aria-label')).toContain(watch.textContent ?? '');
    const upcoming = items[1] as HTMLElement;
    expect(within(upcoming).getByTestId('hot-match-score').textContent).toBe('VS');
    expect(within(upcoming).queryByTestId('hot-match-room')).toBeNull();
    // The hot competitions follow, linking to search.
    const competitions = within(screen.getByTestId('hot-competitions')).getAllByRole('link');
    expect(competitions).toHaveLength(10);
    expect(competitions[0]?.getAttribute('href')).toBe(`#/search?name=${encodeURIComponent('赛事1')}`);
    expect(context.callsTo(SCORES_PATHS.allMatch).map((call) => call.params?.status).sort()).toEqual(['live', 'scheduled']);
  });

  it('a long team name is whole in the card, cut at its end with …, its full name in a title: Gen.G电子竞技俱乐部 never .G电子竞技俱乐部 (issue 33)', async () => {
    const long = matchRow({ match_id: 7201, home_team_name_zh: 'T1电子竞技俱乐部长名字测试', away_team_name_zh: 'Gen.G电子竞技俱乐部', match_str: "12'" });
    renderRemoteWidget(widgets, 'hotMatches', contextWith([long]));
    const [item] = await screen.findAllByTestId('hot-match');
    for (const team of ['T1电子竞技俱乐部长名字测试', 'Gen.G电子竞技俱乐部']) {
      const name = within(item as HTMLElement).getByTitle(team);
      expect(name.textContent).toBe(team);
      const style = getComputedStyle(name);
      expect([style.textOverflow, style.whiteSpace, style.overflow, style.direction]).toEqual(['ellipsis', 'nowrap', 'hidden', 'ltr']);
      // Its box shrinks rather than spilling out of the card (where a right-aligned box cut its start).
      expect(getComputedStyle(name.parentElement as HTMLElement).minWidth).toMatch(/^0(px)?$/);
    }
  });

  it('a live-data frame updates the score and minute without a reload', async () => {
    const row = matchRow({ match_id: 7101, home_score: 0, away_score: 0, match_str: "12'" });
    renderRemoteWidget(widgets, 'hotMatches', contextWith([row]));
    const [item] = await screen.findAllByTestId('hot-match');
    expect(within(item as HTMLElement).getByTestId('hot-match-score').textContent).toBe('0 - 0');
    act(() => FakeLiveSocket.broadcast({ code: 100, type: 'football_match', seq: 1, data: [{ ...row, home_score: 1, minute: 13, match_str: "13'" }] }));
    expect(within(item as HTMLElement).getByTestId('hot-match-score').textContent).toBe('1 - 0');
    expect(within(item as HTMLElement).getByTestId('hot-match-state').textContent).toBe("进行中 13'");
  });

  it('without the room list the matches still show; without the schedule it says so', async () => {
    const context = scoresContext({ [SCORES_PATHS.allMatch]: pageOf([matchRow({ match_id: 7201 })]), [SCORES_PATHS.hotList]: hotList });
    const { unmount } = renderRemoteWidget(widgets, 'hotMatches', context);
    expect(await screen.findAllByTestId('hot-match')).toHaveLength(1);
    expect(screen.queryByTestId('hot-match-room')).toBeNull();
    unmount();
    renderRemoteWidget(widgets, 'hotMatches', scoresContext({}));
    expect(await screen.findByText('热门赛事暂时无法加载')).toBeTruthy();
  });

  it('hotMatchRows: live first, hot competitions first, then the next to start; finished left out; at most the shown number', () => {
    const cold = matchRow({ match_id: 1, hot: false });
    const hot = matchRow({ match_id: 2 });
    const soon = matchRow({ match_id: 3, status: 'scheduled', kickoff_at: '2026-11-25T10:00:00Z' });
    const sooner = matchRow({ match_id: 4, status: 'scheduled', kickoff_at: '2026-11-25T09:00:00Z' });
    const done = matchRow({ match_id: 5, status: 'finished' });
    const half = matchRow({ match_id: 6, status: 'halftime' });
    expect(hotMatchRows([soon, cold, done, hot, sooner, half, hot]).map((row) => row.match_id)).toEqual([2, 6, 1, 4, 3]);
    expect(hotMatchRows(Array.from({ length: 20 }, (_, index) => matchRow({ match_id: 100 + index })))).toHaveLength(HOT_MATCHES_SHOWN);
  });
});
