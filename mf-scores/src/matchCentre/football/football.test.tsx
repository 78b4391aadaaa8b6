import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { RemoteRoot } from '@sports/shared';
import { scoresContext } from '../../testing/fixtures';
import { footballLineups, footballMomentum, footballShotMap, shot } from '../centreFixtures';
import { Lineups, slotPosition } from './Lineups';
import { MomentumChart } from './MomentumChart';
import { filterShots, markerRadius, ShotMap, shotPoint } from './ShotMap';
import { XgRace } from './XgRace';

const inRoot = (node: ReactNode) => render(<RemoteRoot context={scoresContext({})}>{node}</RemoteRoot>);

describe('lineups', () => {
  it('puts both XIs on the pitch with shirt numbers, names and ratings, and the substitutes below', () => {
    inRoot(<Lineups lineups={footballLineups(1)} />);
    expect(screen.getByText('首发阵容 · 阿森纳 4-3-3 / 切尔西 4-3-3')).toBeTruthy();
    const home = screen.getByTestId('lineup-home');
    expect(within(home).getAllByTestId('lineup-player')).toHaveLength(11);
    const saka = within(home).getByRole('button', { name: /萨卡/ });
    expect(saka.textContent).toBe('萨卡 评分 8.1');
    // Replaced at 63': marked beside him; his replacement heads the bench with the minute he came on.
    expect(saka.closest('li')?.textContent).toContain("↓63'");
    const bench = screen.getByTestId('bench-home');
    expect(within(bench).getAllByRole('listitem')[0]?.textContent).toContain("特罗萨德 评分 6.6↑63'");
    // The unused substitute has no rating yet.
    expect(within(bench).getByRole('button', { name: /拉姆斯代尔/ }).textContent).toContain('–');
  });

  it('home from the bottom, away from the top, each in its own half', () => {
    const player = footballLineups(1).home.starters[0]!;
    const keeper = slotPosition({ ...player, slot_x: 5, slot_y: 50 }, 'home');
    expect(keeper.left).toBe(50);
    expect(keeper.top).toBeCloseTo(92);
    const awayBack = slotPosition({ ...player, slot_x: 5, slot_y: 20 }, 'away');
    expect(awayBack.left).toBeCloseTo(75.2);
    expect(slotPosition({ ...player, slot_y: 100 }, 'home').left).toBe(92);
    expect(slotPosition({ ...player, slot_y: 100 }, 'away').left).toBe(8);
    expect(awayBack.top).toBeCloseTo(8);
    expect(slotPosition({ ...player, slot_x: 100, slot_y: 0 }, 'home').top).toBeGreaterThan(50);
    expect(slotPosition({ ...player, slot_x: 100, slot_y: 0 }, 'away').top).toBeLessThan(50);
  });

  it("a player's button opens his match stats and links his page", () => {
    inRoot(<Lineups lineups={footballLineups(1)} />);
    const saka = screen.getByRole('button', { name: /萨卡/ });
    fireEvent.click(saka);
    const popover = screen.getByRole('dialog', { name: '萨卡 本场数据' });
    expect(within(popover).getByText('预期进球').nextElementSibling?.textContent).toBe('0.84');
    expect(within(popover).getByText('进球').nextElementSibling?.textContent).toBe('1');
    expect(within(popover).getByRole('link', { name: '球员主页' }).getAttribute('href')).toBe('#/player?id=1009');
  });

  it('has a table of the same players for screen readers, shown on demand', () => {
    inRoot(<Lineups lineups={footballLineups(1)} />);
    const table = screen.getByRole('table', { name: '阿森纳 阵容与评分' });
    expect(within(table).getByText('特罗萨德').closest('tr')?.textContent).toContain("63' 替补登场");
    fireEvent.click(screen.getByRole('button', { name: '以表格查看' }));
    expect(screen.getByRole('button', { name: '以表格查看' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('lineup-home')).toBeNull();
    expect(screen.getByRole('table', { name: '切尔西 阵容与评分' })).toBeTruthy();
  });

  it('before the lineups are out says so', () => {
    const empty = footballLineups(1);
    inRoot(<Lineups lineups={{ ...empty, home: { ...empty.home, starters: [], substitutes: [] }, away: { ...empty.away, starters: [], substitutes: [] } }} />);
    expect(screen.getByText('比赛尚未开始，开赛后这里会显示数据')).toBeTruthy();
  });
});

describe('momentum', () => {
  it('a bar a minute, up for home and down for away, the goal marked at its minute', () => {
    inRoot(<MomentumChart momentum={footballMomentum(1)} home="阿森纳" away="切尔西" />);
    const bars = screen.getAllByTestId('momentum-bar');
    expect(bars.map((bar) => bar.getAttribute('data-value'))).toEqual(['10', '-30', '80']);
    const [up, down] = bars;
    expect(Number(up?.getAttribute('y')) + Number(up?.getAttribute('height'))).toBe(80);
    expect(Number(down?.getAttribute('y'))).toBe(80);
    expect(screen.getAllByTestId('momentum-goal')).toHaveLength(1);
    expect(screen.getByText("23' 阿森纳 进球")).toBeTruthy();
    const table = screen.getByRole('table', { name: '每分钟进攻压力（正数为主队，负数为客队）' });
    expect(within(table).getAllByRole('row')[3]?.textContent).toBe("23'80阿森纳 萨卡");
  });
});

describe('shot map', () => {
  it('filters by team, half and on/off target', () => {
    const shots = footballShotMap(1).shots;
    expect(filterShots(shots, { team: 'home', half: 'all', target: 'all' }).map((one) => one.id)).toEqual([1, 2]);
    expect(filterShots(shots, { team: 'all', half: '2', target: 'all' }).map((one) => one.id)).toEqual([3]);
    expect(filterShots(shots, { team: 'all', half: '1', target: 'on' }).map((one) => one.id)).toEqual([2]);
    expect(filterShots(shots, { team: 'all', half: 'all', target: 'off' }).map((one) => one.id)).toEqual([1]);
    // Extra time counts as the second half.
    expect(filterShots([shot(9, { period: 3 })], { team: 'all', half: '2', target: 'all' })).toHaveLength(1);
  });

  it('a bigger chance is a bigger marker; the away side attacks the other way', () => {
    expect(markerRadius(0.76)).toBeGreaterThan(markerRadius(0.08));
    expect(markerRadius(0)).toBeGreaterThan(0);
    expect(shotPoint(shot(1, { x: 90, y: 30 }))).toEqual({ x: 90, y: 30 });
    expect(shotPoint(shot(1, { side: 'away', x: 90, y: 30 }))).toEqual({ x: 15, y: 38 });
  });

  it('draws every shot with its xG, goals named, and filters through its selects', () => {
    inRoot(<ShotMap shotMap={footballShotMap(1)} home="阿森纳" away="切尔西" />);
    expect(screen.getByText('射门分布 · 预期进球 阿森纳 0.84 - 0.21 切尔西')).toBeTruthy();
    const goal = screen.getAllByTestId('shot').find((marker) => marker.getAttribute('data-outcome') === 'goal');
    expect(goal?.getAttribute('data-xg')).toBe('0.76');
    expect(goal?.textContent).toBe("23' 阿森纳 萨卡 进球 预期进球 0.76");
    fireEvent.change(screen.getByLabelText('球队'), { target: { value: 'away' } });
    expect(screen.getAllByTestId('shot').map((marker) => marker.getAttribute('data-shot-id'))).toEqual(['3']);
    fireEvent.change(screen.getByLabelText('半场'), { target: { value: '1' } });
    expect(screen.queryAllByTestId('shot')).toHaveLength(0);
    expect(screen.getByText('暂无射门')).toBeTruthy();
  });
});

describe('xG race', () => {
  it("each side's running xG, goals marked, and the table of the same", () => {
    inRoot(<XgRace shotMap={footballShotMap(1)} home="阿森纳" away="切尔西" />);
    expect(screen.getByRole('img', { name: '预期进球走势：阿森纳 0.84，切尔西 0.21' })).toBeTruthy();
    const home = screen.getByTestId('xg-line-home').getAttribute('d') ?? '';
    // Two steps up for home (0.08, then 0.84), flat to the end.
    expect(home.match(/V/g)).toHaveLength(2);
    expect(screen.getByTestId('xg-line-away').getAttribute('d')?.match(/V/g)).toHaveLength(1);
    const rows = within(screen.getByRole('table', { name: '累计预期进球' })).getAllByRole('row');
    expect(rows[2]?.textContent).toBe("23'阿森纳（进球）0.760.840.00");
  });
});
