import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userInfoAtom, type BaseCompetition, type BaseCompetitionItem } from '@sports/shared';
import { FOLLOW_PATHS } from '@sports/shared/follows';
import { createTestContext, renderRemotePage } from '@sports/shared/testing';
import { routes } from '../routes';
import { KNOWLEDGE_PATHS } from './knowledgeApi';

const competitionRef = { id: 7, sport: 'football' as const, name_zh: '英格兰足球超级联赛', short_name_zh: '英超', hot: true };
const season = { id: 3, name: '2025-2026', is_current: true };
const standing = (team_id: number, name: string, position: number) => ({ position, team_id, team_name_zh: name, team_short_zh: name, played: 1, won: 1, drawn: 0, lost: 0, goals_for: 1, goals_against: 0, goal_diff: 1, points: 3, form: 'W' });
const competition: BaseCompetition = {
  competition: competitionRef,
  season,
  seasons: [season],
  groups: [{ group_name: '', rows: [standing(1, '阿森纳', 1), standing(2, '切尔西', 2)] }],
  results: [],
  fixtures: [],
  top_scorers: [],
  records: [],
  finished_count: 0,
};
const list: BaseCompetitionItem[] = [{ ...competitionRef, season, team_count: 20 }];

function memberContext(ids: { team?: number[]; league?: number[] }) {
  const context = createTestContext({
    [KNOWLEDGE_PATHS.competition]: competition,
    [KNOWLEDGE_PATHS.competitions]: list,
    [FOLLOW_PATHS.ids]: { team: ids.team ?? [], league: ids.league ?? [], player: [], anchor: [] },
    [FOLLOW_PATHS.follow('team')]: { type: 'team', id: 2, following: true, followers: 1 },
  });
  context.store.set(userInfoAtom, { id: 9, user_nickname: '球迷', avatar: '', exp: 0, balance: 0, is_anchor: 0 });
  return context;
}

describe('the knowledge base\'s follow stars (issue 39)', () => {
  it('a competition page has a star beside its name and beside every team of the standings; a press follows the team', async () => {
    const context = memberContext({ league: [7] });
    renderRemotePage(routes, 'base-football', { competition: '7' }, context);
    expect(await screen.findByRole('button', { name: '取消关注 英格兰足球超级联赛', pressed: true })).toBeTruthy();
    // The heading keeps its name: the star is beside it, not in it.
    expect(screen.getByRole('heading', { level: 2, name: '英格兰足球超级联赛' })).toBeTruthy();
    const standings = screen.getByTestId('base-standings');
    expect(within(standings).getByRole('button', { name: '关注 阿森纳', pressed: false })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(standings).getByRole('button', { name: '关注 切尔西' }));
    });
    await waitFor(() => expect(within(standings).getByRole('button', { name: '取消关注 切尔西', pressed: true })).toBeTruthy());
    expect(context.calls.filter((call) => call.path === FOLLOW_PATHS.follow('team')).map((call) => call.params)).toEqual([{ id: 2, follow: true }]);
  });

  it('each competition card of the list has its star beside the card\'s link', async () => {
    renderRemotePage(routes, 'base-football', {}, memberContext({}));
    const cards = await screen.findByTestId('base-competitions');
    const star = await within(cards).findByRole('button', { name: '关注 英超', pressed: false });
    expect(star.closest('a')).toBeNull();
  });
});
