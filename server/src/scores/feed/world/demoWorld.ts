import type { ScoreSport } from '@sports/shared/server';
import { chinaYearMonth } from '../../../infra/chinaTime';
import { createRng } from '../engine/prng';
import type { FeedPlayer, FeedTeam } from '../matchFeed';
import { DEMO_SCORE_COMPETITIONS, type DemoCompetitionSpec } from './demoCompetitions';
import { type NameStyle, esportsHandle, playerName } from './playerNames';
import { venueOf } from './venues';

/** A team of the demo world: what the feed sends, plus the rating the simulation uses. */
export interface WorldTeam extends FeedTeam {
  rating: number;
}

export interface WorldCompetition {
  spec: DemoCompetitionSpec;
  teamKeys: readonly string[];
  /** Cups with groups: the group of each team; leagues and league phases: ''. */
  groupOf: ReadonlyMap<string, string>;
}

export interface DemoWorld {
  teams: ReadonlyMap<string, WorldTeam>;
  competitions: readonly WorldCompetition[];
}

/** The feed's id of a team: the same club in a league and a cup is one team. */
export function teamKey(sport: ScoreSport, name_zh: string): string {
  return `sim:${sport}:${name_zh}`;
}

const FOOTBALL_SQUAD: readonly [string, number][] = [
  ['GK', 2],
  ['DF', 6],
  ['MF', 6],
  ['FW', 4],
];
const BASKETBALL_SQUAD: readonly [string, number][] = [
  ['G', 5],
  ['F', 4],
  ['C', 3],
];
/** Esports: five lanes and a substitute; snooker: the player is the side. */
const ESPORTS_SQUAD: readonly [string, number][] = [
  ['TOP', 1],
  ['JUG', 1],
  ['MID', 1],
  ['ADC', 1],
  ['SUP', 2],
];
const SQUADS: Record<ScoreSport, readonly [string, number][]> = { football: FOOTBALL_SQUAD, basketball: BASKETBALL_SQUAD, esports: ESPORTS_SQUAD, general: [] };
const CHINESE_CLUB_COMPETITIONS = new Set(['中国足球协会超级联赛', '中国男子篮球职业联赛']);
/** National teams whose players have Chinese names wherever they play. */
const NATIONAL_CHINESE_TEAMS = new Set(['中国']);

/**
 * Builds the world from the static lists. Rosters come from a fixed seed (not FEED_SEED): player
 * names stay the same on every machine and every run.
 */
export function buildDemoWorld(specs: readonly DemoCompetitionSpec[] = DEMO_SCORE_COMPETITIONS): DemoWorld {
  const teams = new Map<string, WorldTeam>();
  const competitions: WorldCompetition[] = [];
  for (const spec of specs) {
    const style: NameStyle = CHINESE_CLUB_COMPETITIONS.has(spec.name_zh) ? 'chinese' : 'foreign';
    const groupOf = new Map<string, string>();
    let groupIndex = 0;
    let groupFill = 0;
    const teamKeys = spec.teams.map((teamSpec) => {
      const key = teamKey(spec.sport, teamSpec.name_zh);
      if (!teams.has(key)) {
        teams.set(key, {
          key,
          sport: spec.sport,
          name_zh: teamSpec.name_zh,
          short_name_zh: teamSpec.short_name_zh,
          venue_zh: venueOf(spec.sport, teamSpec.name_zh),
          players: roster(key, spec.sport, NATIONAL_CHINESE_TEAMS.has(teamSpec.name_zh) ? 'chinese' : style, teamSpec.name_zh),
          rating: teamSpec.rating,
        });
      }
      const group = spec.groups?.[groupIndex];
      groupOf.set(key, group?.name ?? '');
      if (group !== undefined && (groupFill += 1) >= group.size) {
        groupIndex += 1;
        groupFill = 0;
      }
      return key;
    });
    competitions.push({ spec, teamKeys, groupOf });
  }
  return { teams, competitions };
}

function roster(key: string, sport: ScoreSport, style: NameStyle, name_zh: string): FeedPlayer[] {
  if (sport === 'general') return [{ name_zh, shirt_number: 1, position: 'P' }];
  const rng = createRng('roster', key);
  const numbers = rng.shuffle(Array.from({ length: 40 }, (_, index) => index + 1));
  const players: FeedPlayer[] = [];
  const used = new Set<string>();
  for (const [position, count] of SQUADS[sport]) {
    for (let index = 0; index < count; index += 1) {
      let name = sport === 'esports' ? esportsHandle(rng) : playerName(rng, style);
      // A foreign player now and then in Chinese clubs, as in real squads.
      if (sport !== 'esports' && style === 'chinese' && rng.chance(0.12)) name = playerName(rng, 'foreign');
      while (used.has(name)) name = sport === 'esports' ? esportsHandle(rng) : playerName(rng, style);
      used.add(name);
      players.push({ name_zh: name, shirt_number: numbers[players.length] ?? players.length + 1, position });
    }
  }
  return players;
}

/** '2025-2026' (or '2026' for calendar-year leagues) for a day in China. */
export function seasonName(spec: DemoCompetitionSpec, at: Date): string {
  const { year, month } = chinaYearMonth(at);
  if (spec.calendarYearSeason) return String(year);
  return month >= 7 ? `${year}-${year + 1}` : `${year - 1}-${year}`;
}

export function worldTeam(world: DemoWorld, key: string): WorldTeam {
  const found = world.teams.get(key);
  if (found === undefined) throw new Error(`demo world: unknown team ${key}`);
  return found;
}
