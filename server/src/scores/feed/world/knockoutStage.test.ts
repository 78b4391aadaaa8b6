import { describe, expect, it } from 'vitest';
import { createRng } from '../engine/prng';
import { BRACKET_ORDER, type RankedLine, bestThirds, compareLines, roundOf32 } from './knockoutStage';

/** Twelve ranked groups A-L of four with random lines (a seed a draw). */
function randomTables(seed: number): RankedLine[][] {
  const rng = createRng(seed, 'knockout-tables');
  return [...'ABCDEFGHIJKL'].map((letter) =>
    Array.from({ length: 4 }, (_, index) => ({ teamKey: `${letter}${index}`, group: `${letter}组`, points: rng.int(0, 9), goalDifference: rng.int(-6, 6), goalsFor: rng.int(0, 9) })).sort(compareLines),
  );
}

describe('the knockout bracket (round of 32)', () => {
  it('takes the top two of each group and the eight best thirds, and never pairs a group with itself', () => {
    for (let seed = 0; seed < 500; seed += 1) {
      const tables = randomTables(seed);
      const pairs = roundOf32(tables);
      expect(pairs).toHaveLength(16);
      const teams = pairs.flat();
      const thirds = bestThirds(tables).map((line) => line.teamKey);
      expect(new Set(teams)).toEqual(new Set([...tables.flatMap((table) => table.slice(0, 2).map((line) => line.teamKey)), ...thirds]));
      for (const [home, away] of pairs) expect(home.slice(0, 1), `${seed}: ${home} v ${away}`).not.toBe(away.slice(0, 1));
    }
  });

  it('ranks thirds by points, goal difference, goals, then the lots (the team key)', () => {
    const line = (teamKey: string, points: number, goalDifference: number, goalsFor: number): RankedLine => ({ teamKey, group: '', points, goalDifference, goalsFor });
    const sorted = [line('b', 4, 0, 3), line('a', 4, 0, 3), line('c', 4, 1, 2), line('d', 5, -3, 1), line('e', 4, 0, 4)].sort(compareLines);
    expect(sorted.map((entry) => entry.teamKey)).toEqual(['d', 'c', 'e', 'a', 'b']);
  });

  it('puts each group winner at the head of its match: winners meet thirds or runners-up, runners-up meet runners-up', () => {
    const tables = randomTables(1);
    const rank = (teamKey: string) => tables.find((table) => table.some((entry) => entry.teamKey === teamKey))?.findIndex((entry) => entry.teamKey === teamKey) ?? -1;
    for (const [home, away] of roundOf32(tables)) {
      expect(rank(home)).toBeLessThanOrEqual(1);
      if (rank(home) === 1) expect(rank(away)).toBe(1);
    }
    expect([...BRACKET_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, index) => index));
  });
});
