import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userInfoAtom, type MatchRow } from '@sports/shared';
import { FOLLOW_PATHS } from '@sports/shared/follows';
import { renderRemotePage } from '@sports/shared/testing';
import { SCORES_PATHS } from '../api/scoresApi';
import { routes } from '../routes';
import { MEMBER, matchRow, pageOf, scoresContext } from '../testing/fixtures';

/** A football board whose 进行中 tab lists `rows` in this order, for a member who follows `ids`. */
function boardContext(rows: MatchRow[], ids: { team?: number[]; league?: number[] } | null) {
  const context = scoresContext({
    [SCORES_PATHS.competitions]: [{ id: 1, sport: 'football', name_zh: '英格兰足球超级联赛', short_name_zh: '英超', hot: true }],
    [SCORES_PATHS.allMatch]: (body: Record<string, unknown> | undefined) => pageOf(body?.status === 'live' ? rows : []),
    [SCORES_PATHS.collectList]: pageOf([]),
    [FOLLOW_PATHS.ids]: { team: ids?.team ?? [], league: ids?.league ?? [], player: [], anchor: [] },
    [FOLLOW_PATHS.follow('team')]: (body: Record<string, unknown> | undefined) => ({ type: 'team', id: body?.id, following: body?.follow, followers: 1 }),
  });
  if (ids !== null) context.store.set(userInfoAtom, { ...MEMBER, id: 5 });
  return context;
}

const shownOrder = () => screen.getAllByTestId('match-row').map((row) => Number(row.getAttribute('data-match-id')));

describe('the 关注 filter and the follow stars of the score list (issue 39)', () => {
  it('puts the matches of followed teams and leagues first, says how many, and restores the order when released', async () => {
    const plain = matchRow({ competition_id: 9, competition_short_zh: '西甲' });
    const ofTeam = matchRow({ competition_id: 9, competition_short_zh: '西甲' });
    const ofLeague = matchRow({ competition_id: 1 });
    const context = boardContext([plain, ofTeam, ofLeague], { team: [ofTeam.away_team_id], league: [1] });
    renderRemotePage(routes, 'football', {}, context);
    await screen.findAllByTestId('match-row');
    expect(shownOrder()).toEqual([plain.match_id, ofTeam.match_id, ofLeague.match_id]);

    const filter = screen.getByRole('button', { name: '关注', pressed: false });
    fireEvent.click(filter);
    expect(screen.getByRole('button', { name: '关注', pressed: true })).toBe(filter);
    expect(shownOrder()).toEqual([ofTeam.match_id, ofLeague.match_id, plain.match_id]);
    expect(screen.getByTestId('follow-note').textContent).toBe('关注的球队和赛事的比赛排在前面（2 场）');
    expect(document.querySelector(`[data-match-id="${ofTeam.match_id}"]`)?.getAttribute('data-followed')).toBe('true');
    expect(document.querySelector(`[data-match-id="${plain.match_id}"]`)?.hasAttribute('data-followed')).toBe(false);

    fireEvent.click(filter);
    expect(shownOrder()).toEqual([plain.match_id, ofTeam.match_id, ofLeague.match_id]);
    expect(screen.queryByTestId('follow-note')).toBeNull();
  });

  it('each team and competition has its star; starring a team moves its match up while the filter is on', async () => {
    const first = matchRow({ competition_id: 9, competition_short_zh: '西甲' });
    const second = matchRow({ competition_id: 9, competition_short_zh: '西甲', home_team_name_zh: '皇家马德里' });
    const context = boardContext([first, second], {});
    renderRemotePage(routes, 'football', {}, context);
    await screen.findAllByTestId('match-row');
    fireEvent.click(screen.getByRole('button', { name: '关注', pressed: false }));
    expect(screen.getByTestId('follow-note').textContent).toBe('还没有关注的球队或赛事：点击球队或赛事名称旁的 ☆ 即可关注');

    const row = document.querySelector(`[data-match-id="${second.match_id}"]`) as HTMLElement;
    expect(within(row).getByRole('button', { name: `关注 ${second.away_team_name_zh}` })).toBeTruthy();
    expect(within(row).getAllByRole('button', { name: '关注 西甲' })).toHaveLength(1);
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: '关注 皇家马德里' }));
    });
    expect(within(row).getByRole('button', { name: '取消关注 皇家马德里', pressed: true })).toBeTruthy();
    expect(context.callsTo(FOLLOW_PATHS.follow('team'))[0]?.params).toEqual({ id: second.home_team_id, follow: true });
    await waitFor(() => expect(shownOrder()).toEqual([second.match_id, first.match_id]));
    expect(screen.getByTestId('follow-note').textContent).toBe('关注的球队和赛事的比赛排在前面（1 场）');
  });

  it('a guest\'s press of the filter or a star opens the login modal and changes nothing', async () => {
    const only = matchRow();
    const context = boardContext([only], null);
    const opened: unknown[] = [];
    context.eventBus.on('login:open', (event) => opened.push(event));
    renderRemotePage(routes, 'football', {}, context);
    await screen.findAllByTestId('match-row');
    fireEvent.click(screen.getByRole('button', { name: '关注' }));
    expect(screen.getByRole('button', { name: '关注', pressed: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `关注 ${only.home_team_name_zh}` }));
    expect(opened).toHaveLength(2);
    expect(context.callsTo(FOLLOW_PATHS.ids)).toEqual([]);
  });
});
