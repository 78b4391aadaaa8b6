import type { FanAlert } from '@sports/shared';

let alertId = 5000;

/** A fan alert as the server sends it (a followed team's goal unless overridden), a new id each call. */
export function sampleFanAlert(overrides: Partial<FanAlert> = {}): FanAlert {
  alertId += 1;
  return {
    id: alertId,
    kind: 'goal',
    title: '进球！阿森纳',
    body: "英超：23' 阿森纳 1-0 切尔西（萨卡）",
    link: '#/score-detail?id=7',
    match_id: 7,
    home_name: '阿森纳',
    away_name: '切尔西',
    home_score: 1,
    away_score: 0,
    minute: "23'",
    side: 'home',
    room_id: null,
    at: '2026-12-06T12:00:00.000Z',
    ...overrides,
  };
}
