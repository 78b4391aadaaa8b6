import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteRoot, userInfoAtom, type MatchDetail } from '@sports/shared';
import { FOLLOW_PATHS } from '@sports/shared/follows';
import { MEMBER, matchRow, scoresContext } from '../testing/fixtures';
import { MatchHeader } from './MatchHeader';

afterEach(cleanup);

describe('the match page header\'s follow stars (issue 39)', () => {
  it('shows both teams and the competition with their stars, pressed for what the member follows; a press follows', async () => {
    const row = matchRow({ home_team_name_zh: '阿森纳', away_team_name_zh: '切尔西', competition_id: 4 });
    const detail: MatchDetail = { match: row, competition_name_zh: '英格兰足球超级联赛', season_name: '2025/26', venue_zh: '酋长球场', home_team_short_zh: '阿森纳', away_team_short_zh: '切尔西' };
    const context = scoresContext({
      [FOLLOW_PATHS.ids]: { team: [row.home_team_id], league: [], player: [], anchor: [] },
      [FOLLOW_PATHS.follow('league')]: (body: Record<string, unknown> | undefined) => ({ type: 'league', id: body?.id, following: true, followers: 1 }),
    });
    context.store.set(userInfoAtom, { ...MEMBER, id: 3 });
    render(
      <RemoteRoot context={context}>
        <MatchHeader detail={detail} row={row} context={context} />
      </RemoteRoot>,
    );
    expect(await screen.findByRole('button', { name: '取消关注 阿森纳', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: '关注 切尔西', pressed: false })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '关注 英格兰足球超级联赛' }));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: '取消关注 英格兰足球超级联赛', pressed: true })).toBeTruthy());
    expect(context.callsTo(FOLLOW_PATHS.follow('league'))[0]?.params).toEqual({ id: 4, follow: true });
  });
});
