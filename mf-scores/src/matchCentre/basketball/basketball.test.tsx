import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { RemoteRoot } from '@sports/shared';
import { scoresContext } from '../../testing/fixtures';
import { boxScore, courtShot, leadTracker, shotChart } from '../centreFixtures';
import { BoxScore, sortPlayers } from './BoxScore';
import { LeadTracker, periodStarts, quarterSeconds } from './LeadTracker';
import { filterCourtShots, ShotChart } from './ShotChart';

const inRoot = (node: ReactNode) => render(<RemoteRoot context={scoresContext({})}>{node}</RemoteRoot>);
const names = (table: HTMLElement) => within(table).getAllByTestId('box-player').map((row) => row.querySelector('th a')?.textContent);

describe('box score', () => {
  it('each team a table, sortable by any column from its header (aria-sort says how)', () => {
    inRoot(<BoxScore boxScore={boxScore(1)} />);
    const home = screen.getByRole('table', { name: '湖人 球员技术统计' });
    expect(names(home)).toEqual(['1 詹姆斯', '2 戴维斯']);
    expect(within(home).getAllByRole('row').at(-1)?.textContent).toBe('合计481911000');
    const points = within(home).getByRole('button', { name: '得分' });
    fireEvent.click(points);
    expect(names(home)).toEqual(['2 戴维斯', '1 詹姆斯']);
    expect(points.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(points);
    expect(names(home)).toEqual(['1 詹姆斯', '2 戴维斯']);
    expect(points.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(home).getByRole('button', { name: '助攻' }));
    expect(names(home)).toEqual(['1 詹姆斯', '2 戴维斯']);
    expect(points.closest('th')?.getAttribute('aria-sort')).toBeNull();
    // Minutes shown as m:ss, each player linked to his page.
    expect(within(home).getByText('25:00')).toBeTruthy();
    expect(within(home).getByRole('link', { name: '2 戴维斯' }).getAttribute('href')).toBe('#/player?id=3002');
  });

  it('sorts names in Chinese order and numbers high first', () => {
    const players = boxScore(1).home.players;
    expect(sortPlayers(players, 'rebounds', true).map((player) => player.player_id)).toEqual([3002, 3001]);
    expect(sortPlayers(players, 'minutes', false).map((player) => player.player_id)).toEqual([3002, 3001]);
  });
});

describe('shot chart', () => {
  it('by team and quarter', () => {
    const shots = shotChart(1).shots;
    expect(filterCourtShots(shots, { team: 'home', quarter: 'all' }).map((shot) => shot.id)).toEqual([1, 3]);
    expect(filterCourtShots(shots, { team: 'all', quarter: '2' }).map((shot) => shot.id)).toEqual([2, 3]);
    expect(filterCourtShots(shots, { team: 'away', quarter: '1' })).toEqual([]);
  });

  it('made shots filled, misses crossed, threes said; filtered through its selects; the table lists them', () => {
    inRoot(<ShotChart shotChart={shotChart(1, { shots: [...shotChart(1).shots, courtShot(4, { side: 'away', points: 3, made: true, period: 2, x: 0.5, y: 1 })] })} home="湖人" away="勇士" />);
    expect(screen.getByText('投篮分布 · 2/4')).toBeTruthy();
    const three = screen.getAllByTestId('court-shot').find((shot) => shot.getAttribute('data-shot-id') === '4');
    expect(three?.getAttribute('data-made')).toBe('true');
    expect(three?.getAttribute('data-points')).toBe('3');
    expect(three?.textContent).toBe('第2节 8:20 勇士 詹姆斯 3分 命中');
    fireEvent.change(screen.getByLabelText('节'), { target: { value: '1' } });
    expect(screen.getAllByTestId('court-shot').map((shot) => shot.getAttribute('data-shot-id'))).toEqual(['1']);
    expect(within(screen.getByRole('table', { name: '投篮列表' })).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByLabelText('节').textContent).toBe('全部第1节第2节');
  });
});

describe('lead tracker', () => {
  it('the lead after each scoring play, the facts above it and the table', () => {
    inRoot(<LeadTracker tracker={leadTracker(1)} home="湖人" away="勇士" />);
    expect(screen.getAllByText('湖人 最大领先 2 分，勇士 最大领先 1 分，领先易主 1 次，平分 0 次').length).toBeGreaterThan(0);
    const rows = within(screen.getByRole('table', { name: '分差（正数为主队领先）' })).getAllByRole('row');
    expect(rows[2]?.textContent).toBe('第1节 11:0023-1');
    expect(screen.getByTestId('lead-line').getAttribute('d')?.match(/V/g)).toHaveLength(2);
  });

  it('quarters of the league (12 or 10 minutes), then overtimes of 5', () => {
    expect(quarterSeconds(leadTracker(1).points)).toBe(720);
    expect(quarterSeconds([{ period: 2, clock_seconds: 300, elapsed_seconds: 900, home_score: 0, away_score: 0, lead: 0 }])).toBe(600);
    expect(periodStarts(2880, 720)).toEqual([720, 1440, 2160]);
    expect(periodStarts(3480, 720)).toEqual([720, 1440, 2160, 2880, 3180]);
  });
});
