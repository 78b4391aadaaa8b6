import '../testing/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchRow, RemoteContext } from '@sports/shared';
import { FakeLiveSocket } from '@sports/shared/testing';
import { liveContext, renderInRemote } from '../testing/fixtures';
import { MATCH_PATHS } from './matchApi';
import { ScoreBar, ScoreBarPlaceholder } from './ScoreBar';
import { useRoomMatch, useRoomMatchState } from './useRoomMatch';

function row(overrides: Partial<MatchRow> = {}): MatchRow {
  return {
    match_id: 41,
    sport: 'football',
    competition_id: 1,
    competition_short_zh: '英超',
    hot: true,
    round_zh: '第12轮',
    home_team_id: 1,
    away_team_id: 2,
    home_team_name_zh: '阿森纳',
    away_team_name_zh: '切尔西',
    kickoff_at: '2026-11-25T12:00:00.000Z',
    status: 'live',
    period: 2,
    minute: 67,
    extra_minute: null,
    clock_seconds: null,
    match_str: "67'",
    home_score: 2,
    away_score: 1,
    home_half_score: 1,
    away_half_score: 1,
    period_scores: [],
    home_red: 0,
    away_red: 1,
    home_yellow: 2,
    away_yellow: 0,
    home_corner: 4,
    away_corner: 3,
    ...overrides,
  };
}

describe('score bar', () => {
  it('football: teams, score, minute and each side\'s cards', () => {
    renderInRemote(liveContext({}), <ScoreBar row={row()} />);
    const bar = screen.getByRole('region', { name: '比分' });
    expect(within(bar).getByTestId('score-bar-home').textContent).toBe('阿森纳');
    expect(within(bar).getByTestId('score-bar-away').textContent).toBe('切尔西');
    expect(within(bar).getByTestId('score-bar-score').textContent).toBe('2 - 1');
    expect(within(bar).getByTestId('score-bar-time').textContent).toBe("67'");
    expect(bar.textContent).toContain('英超 第12轮');
    const home = within(bar).getByTestId('score-bar-home').parentElement as HTMLElement;
    expect(within(home).getByText('黄牌 2')).toBeTruthy();
    expect(within(home).queryByText(/红牌/)).toBeNull();
    expect(within(within(bar).getByTestId('score-bar-away').parentElement as HTMLElement).getByText('红牌 1')).toBeTruthy();
    expect(within(bar).queryByTestId('score-bar-parts')).toBeNull();
  });

  it('basketball: the quarter and clock, and the points of each quarter', () => {
    renderInRemote(liveContext({}), <ScoreBar row={row({ sport: 'basketball', match_str: '第3节 05:12', home_score: 80, away_score: 77, period_scores: [[25, 22], [30, 28], [25, 27]], home_yellow: 0, away_red: 0 })} />);
    expect(screen.getByTestId('score-bar-time').textContent).toBe('第3节 05:12');
    expect(screen.getByTestId('score-bar-score').textContent).toBe('80 - 77');
    expect(screen.getByTestId('score-bar-parts').textContent).toBe('第1节 25-22第2节 30-28第3节 25-27');
    expect(screen.queryByText(/黄牌|红牌/)).toBeNull();
  });

  it('esports: the map score (games won) and the kills of each map', () => {
    renderInRemote(liveContext({}), <ScoreBar row={row({ sport: 'esports', competition_short_zh: 'LPL', match_str: "第2局 15'", home_score: 1, away_score: 0, period_scores: [[18, 9], [4, 6]], home_yellow: 0, away_red: 0 })} />);
    expect(screen.getByTestId('score-bar-score').textContent).toBe('1 - 0');
    expect(screen.getByTestId('score-bar-time').textContent).toBe("第2局 15'");
    expect(screen.getByLabelText('各局比分（击杀）').textContent).toBe('第1局 18-9第2局 4-6');
  });
});

function RoomMatchProbe({ context, matchId }: { context: RemoteContext; matchId: number }) {
  const match = useRoomMatch(context, matchId);
  return match === null ? <p>none</p> : <ScoreBar row={match} />;
}

describe('the room match: loaded, then live, spoiler-free', () => {
  beforeEach(() => FakeLiveSocket.install({ autoOpen: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the loaded row, then a newer one from the socket at once when no player delays the match', async () => {
    const context = liveContext({ [MATCH_PATHS.detail]: { match: row({ home_score: 0, away_score: 0, match_str: "12'" }) } });
    renderInRemote(context, <RoomMatchProbe context={context} matchId={41} />);
    await waitFor(() => expect(screen.getByTestId('score-bar-score').textContent).toBe('0 - 0'));
    act(() => FakeLiveSocket.broadcast({ code: 100, type: 'football_match', seq: 1, data: [row({ match_id: 99, home_score: 5 }), row({ home_score: 1, away_score: 0, match_str: "13'" })] }));
    expect(screen.getByTestId('score-bar-score').textContent).toBe('1 - 0');
    expect(screen.getByTestId('score-bar-time').textContent).toBe("13'");
  });

  it('holds a new score for the delay the room player reports for the match', async () => {
    const context = liveContext({ [MATCH_PATHS.detail]: { match: row({ home_score: 0, away_score: 0 }) } });
    renderInRemote(context, <RoomMatchProbe context={context} matchId={41} />);
    await waitFor(() => expect(screen.getByTestId('score-bar-score').textContent).toBe('0 - 0'));
    vi.useFakeTimers();
    act(() => context.eventBus.emit('player:delay', { roomId: 5, matchId: 41, delayMs: 3_000 }));
    act(() => FakeLiveSocket.broadcast({ code: 100, type: 'football_match', seq: 1, data: [row({ home_score: 1, away_score: 0 })] }));
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.getByTestId('score-bar-score').textContent).toBe('0 - 0');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('score-bar-score').textContent).toBe('1 - 0');
  });
});

function BarOrPlaceholder({ context, matchId }: { context: RemoteContext; matchId: number }) {
  const { row: match, loading } = useRoomMatchState(context, matchId);
  if (match !== null) return <ScoreBar row={match} />;
  return loading ? <ScoreBarPlaceholder /> : <p>no bar</p>;
}

describe("the bar's room while the match loads (no jump of the player below on a phone)", () => {
  beforeEach(() => FakeLiveSocket.install({ autoOpen: true }));

  it('a placeholder, hidden from assistive technology, until the match arrives', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const context = liveContext({ [MATCH_PATHS.detail]: () => new Promise((resolve) => (answer = resolve)) });
    renderInRemote(context, <BarOrPlaceholder context={context} matchId={41} />);
    const placeholder = await screen.findByTestId('score-bar-placeholder');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('region', { name: '比分' })).toBeNull();
    act(() => answer({ match: row() }));
    await waitFor(() => expect(screen.getByTestId('score-bar-score').textContent).toBe('2 - 1'));
    expect(screen.queryByTestId('score-bar-placeholder')).toBeNull();
  });

  it('no empty box when the match cannot be loaded', async () => {
    const context = liveContext({ [MATCH_PATHS.detail]: () => Promise.reject(new Error('offline')) });
    renderInRemote(context, <BarOrPlaceholder context={context} matchId={41} />);
    expect(await screen.findByText('no bar')).toBeTruthy();
    expect(screen.queryByTestId('score-bar-placeholder')).toBeNull();
  });
});
