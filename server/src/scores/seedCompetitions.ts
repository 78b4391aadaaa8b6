import type { Sport } from '@sports/shared/server';

export interface DemoCompetition {
  sport: Sport;
  name_zh: string;
  /** ≤ 10 characters: what the hot list and search box show. */
  short_name_zh: string;
  hot_rank: number | null;
}

/** Real-looking competitions for a fresh machine; hot_rank 1 is the hottest. */
export const DEMO_COMPETITIONS: readonly DemoCompetition[] = [
  { sport: 'football', name_zh: '英格兰足球超级联赛', short_name_zh: '英超', hot_rank: 1 },
  { sport: 'basketball', name_zh: '美国职业篮球联赛', short_name_zh: 'NBA', hot_rank: 2 },
  { sport: 'football', name_zh: '欧洲冠军联赛', short_name_zh: '欧冠', hot_rank: 3 },
  { sport: 'football', name_zh: '西班牙足球甲级联赛', short_name_zh: '西甲', hot_rank: 4 },
  { sport: 'football', name_zh: '中国足球协会超级联赛', short_name_zh: '中超', hot_rank: 5 },
  { sport: 'basketball', name_zh: '中国男子篮球职业联赛', short_name_zh: 'CBA', hot_rank: 6 },
  { sport: 'football', name_zh: '意大利足球甲级联赛', short_name_zh: '意甲', hot_rank: 7 },
  { sport: 'football', name_zh: '德国足球甲级联赛', short_name_zh: '德甲', hot_rank: 8 },
  { sport: 'esports', name_zh: '英雄联盟职业联赛', short_name_zh: 'LPL', hot_rank: 9 },
  { sport: 'football', name_zh: '国际足联世界杯', short_name_zh: '世界杯', hot_rank: 10 },
  { sport: 'football', name_zh: '法国足球甲级联赛', short_name_zh: '法甲', hot_rank: 11 },
  { sport: 'esports', name_zh: '英雄联盟全球总决赛', short_name_zh: '英雄联盟S赛', hot_rank: 12 },
  { sport: 'football', name_zh: '欧洲联赛', short_name_zh: '欧联', hot_rank: 13 },
  { sport: 'football', name_zh: '亚足联冠军联赛', short_name_zh: '亚冠', hot_rank: null },
  { sport: 'esports', name_zh: '王者荣耀职业联赛', short_name_zh: 'KPL', hot_rank: null },
  { sport: 'basketball', name_zh: '欧洲篮球冠军联赛', short_name_zh: '欧篮联', hot_rank: null },
  { sport: 'general', name_zh: '世界斯诺克巡回赛', short_name_zh: '斯诺克', hot_rank: null },
];
