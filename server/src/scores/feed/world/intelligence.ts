import type { RecentResult } from '@sports/shared/server';
import { DEMO_COMPETITIONS } from '../../seedCompetitions';
import { chinaDate } from '../../../infra/chinaTime';
import { createRng } from '../engine/prng';
import type { FeedAbsence, FeedFixture } from '../matchFeed';
import type { DemoWorld, WorldCompetition, WorldTeam } from './demoWorld';
import { worldTeam } from './demoWorld';
import { resultLetter, sampleFinalScore } from './pastResults';

const DAY_MS = 86_400_000;
const INJURIES = ['腿筋拉伤', '膝伤', '脚踝扭伤', '肌肉疲劳', '背伤', '大腿肌肉拉伤', '腹股沟伤', '脑震荡', '小腿伤', '肩伤'];
const SUSPENSIONS = ['红牌停赛', '累积黄牌停赛'];

/**
 * The intelligence centre's view of a fixture: recent form of both sides, past meetings and who
 * is out. Made up consistently (same fixture, same answer) from the teams' strength.
 */
export function fixtureIntel(world: DemoWorld, competition: WorldCompetition, seed: number, fixtureKey: string, home: WorldTeam, away: WorldTeam, kickoff: Date): FeedFixture['intel'] {
  const rng = createRng(seed, 'intel', fixtureKey);
  const short = competitionShortName(competition);
  const periodMinutes = competition.spec.periodMinutes;
  const bestOf = competition.spec.bestOf;

  const recent = (team: WorldTeam): RecentResult[] => {
    const opponents = competition.teamKeys.filter((key) => key !== team.key && key !== home.key && key !== away.key);
    const results: RecentResult[] = [];
    let daysBack = 0;
    for (let index = 0; index < 5 && opponents.length > 0; index += 1) {
      daysBack += rng.int(3, 7);
      const opponent = worldTeam(world, rng.pick(opponents));
      const atHome = rng.chance(0.5);
      const [first, second] = atHome
        ? sampleFinalScore(rng, team.sport, team.rating, opponent.rating, periodMinutes, bestOf)
        : sampleFinalScore(rng, team.sport, opponent.rating, team.rating, periodMinutes, bestOf);
      const own = atHome ? first : second;
      const other = atHome ? second : first;
      results.push({
        date: chinaDate(new Date(kickoff.getTime() - daysBack * DAY_MS)),
        competition_short_zh: short,
        home_team_name_zh: atHome ? team.name_zh : opponent.name_zh,
        away_team_name_zh: atHome ? opponent.name_zh : team.name_zh,
        home_score: first,
        away_score: second,
        result: resultLetter(own, other),
      });
    }
    return results;
  };

  const headToHead: RecentResult[] = [];
  let daysBack = 0;
  for (let index = rng.int(3, 6); index > 0; index -= 1) {
    daysBack += rng.int(90, 220);
    const homeSide = rng.chance(0.5) ? home : away;
    const awaySide = homeSide === home ? away : home;
    const [first, second] = sampleFinalScore(rng, home.sport, homeSide.rating, awaySide.rating, periodMinutes, bestOf);
    headToHead.push({
      date: chinaDate(new Date(kickoff.getTime() - daysBack * DAY_MS)),
      competition_short_zh: short,
      home_team_name_zh: homeSide.name_zh,
      away_team_name_zh: awaySide.name_zh,
      home_score: first,
      away_score: second,
      result: '',
    });
  }

  const absences: FeedAbsence[] = [];
  for (const [side, team] of [['home', home] as const, ['away', away] as const]) {
    const players = rng.shuffle(team.players).slice(0, rng.weighted([3, 4, 2, 1]));
    for (const player of players) {
      const suspended = home.sport === 'football' && rng.chance(0.25);
      absences.push({
        side,
        player_zh: player.name_zh,
        kind: suspended ? 'suspension' : 'injury',
        reason_zh: suspended ? rng.pick(SUSPENSIONS) : rng.pick(INJURIES),
      });
    }
  }

  return { home_recent: recent(home), away_recent: recent(away), head_to_head: headToHead, absences };
}

export function competitionShortName(competition: WorldCompetition): string {
  return DEMO_COMPETITIONS.find((candidate) => candidate.sport === competition.spec.sport && candidate.name_zh === competition.spec.name_zh)?.short_name_zh ?? competition.spec.name_zh;
}
