import type {
  BasketballBoxScore,
  BasketballLeadTracker,
  BasketballShot,
  BasketballShotChart,
  BoxScorePlayer,
  FootballLineups,
  FootballMomentum,
  FootballPlayerStats,
  FootballShot,
  FootballShotMap,
  LineupPlayer,
  MomentumBucket,
} from '@sports/shared/matchCentre';

/** Match-centre documents shaped as shared/src/matchCentre/types.ts says, for the tests. */

export const noStats: FootballPlayerStats = {
  minutes: 0,
  goals: 0,
  assists: 0,
  own_goals: 0,
  shots: 0,
  shots_on_target: 0,
  xg: 0,
  passes: 0,
  passes_completed: 0,
  key_passes: 0,
  touches: 0,
  tackles: 0,
  interceptions: 0,
  saves: 0,
  fouls: 0,
  yellow: 0,
  red: 0,
  goals_conceded: 0,
};

export function lineupPlayer(overrides: Partial<LineupPlayer> & Pick<LineupPlayer, 'player_id' | 'name_zh'>): LineupPlayer {
  return { shirt_number: 1, position: 'MF', slot_x: 50, slot_y: 50, starter: true, on_minute: null, off_minute: null, rating: 6.5, stats: { ...noStats, minutes: 67 }, ...overrides };
}

const SLOTS_433: [string, number, number][] = [
  ['GK', 5, 50],
  ['DF', 25, 15],
  ['DF', 25, 38],
  ['DF', 25, 62],
  ['DF', 25, 85],
  ['MF', 50, 25],
  ['MF', 50, 50],
  ['MF', 50, 75],
  ['FW', 75, 20],
  ['FW', 80, 50],
  ['FW', 75, 80],
];

function eleven(firstId: number, names: readonly string[]): LineupPlayer[] {
  return SLOTS_433.map(([position, slot_x, slot_y], index) =>
    lineupPlayer({ player_id: firstId + index, name_zh: names[index] ?? `球员${firstId + index}`, shirt_number: index + 1, position, slot_x, slot_y }),
  );
}

/** Arsenal (home) against Chelsea at 67': 萨卡 (7) scored, rated 8.1, was replaced at 63' by 特罗萨德. */
export function footballLineups(matchId: number, overrides: Partial<FootballLineups> = {}): FootballLineups {
  const home = eleven(1001, ['拉亚', '怀特', '萨利巴', '加布里埃尔', '津琴科', '赖斯', '厄德高', '哈弗茨', '萨卡', '热苏斯', '马丁内利']);
  home[8] = { ...home[8]!, rating: 8.1, off_minute: 63, stats: { ...noStats, minutes: 63, goals: 1, shots: 3, shots_on_target: 2, xg: 0.84, passes: 21, passes_completed: 18, touches: 40 } };
  return {
    match_id: matchId,
    status: 'live',
    home: {
      side: 'home',
      team_id: 11,
      team_name_zh: '阿森纳',
      formation: '4-3-3',
      starters: home,
      substitutes: [
        lineupPlayer({ player_id: 1020, name_zh: '特罗萨德', shirt_number: 19, position: 'FW', starter: false, slot_x: null, slot_y: null, on_minute: 63, rating: 6.6, stats: { ...noStats, minutes: 4 } }),
        lineupPlayer({ player_id: 1021, name_zh: '拉姆斯代尔', shirt_number: 30, position: 'GK', starter: false, slot_x: null, slot_y: null, rating: null, stats: noStats }),
      ],
      substitutions_made: 1,
    },
    away: {
      side: 'away',
      team_id: 12,
      team_name_zh: '切尔西',
      formation: '4-3-3',
      starters: eleven(2001, ['桑切斯', '詹姆斯', '迪萨西', '科尔威尔', '库库雷利亚', '凯塞多', '恩佐', '帕尔默', '马杜埃凯', '杰克逊', '穆德里克']),
      substitutes: [],
      substitutions_made: 0,
    },
    ...overrides,
  };
}

export function bucket(minute: number, value: number, overrides: Partial<MomentumBucket> = {}): MomentumBucket {
  return { minute, extra: 0, period: minute <= 45 ? 1 : 2, home: Math.max(0, value / 10), away: Math.max(0, -value / 10), value, ...overrides };
}

export function footballMomentum(matchId: number, overrides: Partial<FootballMomentum> = {}): FootballMomentum {
  return {
    match_id: matchId,
    status: 'live',
    buckets: [bucket(1, 10), bucket(2, -30), bucket(23, 80)],
    goals: [{ minute: 23, extra: 0, second: 12, side: 'home', player_zh: '萨卡', own_goal: false }],
    ...overrides,
  };
}

export function shot(id: number, overrides: Partial<FootballShot> = {}): FootballShot {
  return { id, side: 'home', player_id: 1009, player_zh: '萨卡', period: 1, minute: 10, extra: 0, second: 0, x: 90, y: 30, xg: 0.1, outcome: 'missed', on_target: false, head: false, situation: 'open_play', ...overrides };
}

export function footballShotMap(matchId: number, overrides: Partial<FootballShotMap> = {}): FootballShotMap {
  const shots = [
    shot(1, { minute: 10, xg: 0.08 }),
    shot(2, { minute: 23, second: 12, xg: 0.76, outcome: 'goal', on_target: true, x: 94, y: 34, situation: 'penalty' }),
    shot(3, { side: 'away', player_id: 2010, player_zh: '杰克逊', period: 2, minute: 50, xg: 0.21, outcome: 'saved', on_target: true }),
  ];
  return {
    match_id: matchId,
    status: 'live',
    shots,
    home_xg: 0.84,
    away_xg: 0.21,
    xg_timeline: [
      { shot_id: 1, minute: 10, extra: 0, second: 0, side: 'home', xg: 0.08, home_xg: 0.08, away_xg: 0, goal: false },
      { shot_id: 2, minute: 23, extra: 0, second: 12, side: 'home', xg: 0.76, home_xg: 0.84, away_xg: 0, goal: true },
      { shot_id: 3, minute: 50, extra: 0, second: 0, side: 'away', xg: 0.21, home_xg: 0.84, away_xg: 0.21, goal: false },
    ],
    ...overrides,
  };
}

const noLine = { seconds: 0, points: 0, fgm: 0, fga: 0, tpm: 0, tpa: 0, ftm: 0, fta: 0, rebounds: 0, assists: 0, steals: 0, blocks: 0, turnovers: 0, fouls: 0, plus_minus: 0 };

export function boxPlayer(player_id: number, name_zh: string, stats: Partial<BoxScorePlayer['stats']> = {}, overrides: Partial<BoxScorePlayer> = {}): BoxScorePlayer {
  return { player_id, name_zh, shirt_number: player_id % 100, position: 'G', starter: true, on_court: true, fouled_out: false, stats: { ...noLine, ...stats }, ...overrides };
}

export function boxScore(matchId: number): BasketballBoxScore {
  const home = [boxPlayer(3001, '詹姆斯', { seconds: 1500, points: 20, rebounds: 7, assists: 9 }), boxPlayer(3002, '戴维斯', { seconds: 1440, points: 28, rebounds: 12, assists: 2 })];
  const away = [boxPlayer(4001, '库里', { seconds: 1560, points: 31, rebounds: 4, assists: 6, tpm: 6, tpa: 11 })];
  return {
    match_id: matchId,
    status: 'live',
    period_scores: [
      [28, 25],
      [30, 27],
    ],
    home: { side: 'home', team_id: 21, team_name_zh: '湖人', players: home, totals: { ...noLine, seconds: 2940, points: 48, rebounds: 19, assists: 11 } },
    away: { side: 'away', team_id: 22, team_name_zh: '勇士', players: away, totals: { ...noLine, seconds: 1560, points: 31, rebounds: 4, assists: 6 } },
  };
}

export function courtShot(id: number, overrides: Partial<BasketballShot> = {}): BasketballShot {
  return { id, side: 'home', player_id: 3001, player_zh: '詹姆斯', period: 1, clock_seconds: 500, x: 7.6, y: 3, distance: 1.4, points: 2, made: true, ...overrides };
}

export function shotChart(matchId: number, overrides: Partial<BasketballShotChart> = {}): BasketballShotChart {
  return {
    match_id: matchId,
    status: 'live',
    court: 'nba',
    shots: [courtShot(1), courtShot(2, { side: 'away', player_id: 4001, player_zh: '库里', x: 1, y: 1, points: 3, made: false, period: 2 }), courtShot(3, { period: 2, made: false })],
    ...overrides,
  };
}

export function leadTracker(matchId: number, overrides: Partial<BasketballLeadTracker> = {}): BasketballLeadTracker {
  return {
    match_id: matchId,
    status: 'live',
    game_seconds: 1500,
    points: [
      { period: 1, clock_seconds: 690, elapsed_seconds: 30, home_score: 2, away_score: 0, lead: 2 },
      { period: 1, clock_seconds: 660, elapsed_seconds: 60, home_score: 2, away_score: 3, lead: -1 },
    ],
    largest_lead: { home: 2, away: 1 },
    lead_changes: 1,
    ties: 0,
    runs: [],
    ...overrides,
  };
}
