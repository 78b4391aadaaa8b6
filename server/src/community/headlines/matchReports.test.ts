import { describe, expect, it } from 'vitest';
import { coverCardSvg, teamColour } from './coverCard';
import { composeReport } from './matchReports';

const base = {
  id: 1,
  competition: '英格兰超级联赛',
  round_zh: '第10轮',
  home: '曼城',
  away: '利物浦',
  home_half_score: 1,
  away_half_score: 0,
  period_scores: [],
  finished_at: new Date('2026-03-01T12:00:00Z'),
};

describe('match reports: composed text and the cover card', () => {
  it('a football report: title with the score, scorers with minutes, cards', () => {
    const report = composeReport({ ...base, sport: 'football', home_score: 2, away_score: 1 }, [
      { kind: 'goal', side: 'home', minute: 12, extra_minute: null, player_zh: '哈兰德' },
      { kind: 'yellow', side: 'away', minute: 30, extra_minute: null, player_zh: '范戴克' },
      { kind: 'goal', side: 'away', minute: 45, extra_minute: 2, player_zh: '萨拉赫' },
      { kind: 'red', side: 'home', minute: 80, extra_minute: null, player_zh: '罗德里' },
      { kind: 'goal', side: 'home', minute: 88, extra_minute: null, player_zh: '福登' },
    ]);
    expect(report.title).toBe('曼城 2-1 利物浦：曼城主场取胜');
    expect(report.body).toContain("- 12' 哈兰德（曼城）");
    expect(report.body).toContain("- 45+2' 萨拉赫（利物浦）");
    expect(report.body).toContain("- 30' 范戴克（利物浦）黄牌");
    expect(report.body).toContain("- 80' 罗德里（曼城）红牌");
    expect(report.body).toContain('半场比分 1-0');
    expect(report.summary).toBe('英格兰超级联赛 第10轮：曼城 2-1 利物浦，曼城主场取胜。');
  });

  it('a goalless draw and an away win say so', () => {
    const draw = composeReport({ ...base, sport: 'football', home_score: 0, away_score: 0 }, []);
    expect(draw.title).toBe('曼城 0-0 利物浦：双方握手言和');
    expect(draw.body).toContain('本场比赛没有进球');
    expect(draw.body).toContain('本场比赛没有出示红黄牌');
    expect(composeReport({ ...base, sport: 'football', home_score: 0, away_score: 1 }, []).title).toBe('曼城 0-1 利物浦：利物浦客场告捷');
  });

  it('a basketball report lists the quarters', () => {
    const report = composeReport({ ...base, sport: 'basketball', home: '湖人', away: '勇士', home_score: 110, away_score: 108, period_scores: [[30, 25], [28, 30], [26, 27], [26, 26]] }, []);
    expect(report.title).toBe('湖人 110-108 勇士：湖人险胜');
    expect(report.body).toContain('- 第1节 30-25');
    expect(report.body).toContain('- 第4节 26-26');
    const overtime = composeReport({ ...base, sport: 'basketball', home: '湖人', away: '勇士', home_score: 118, away_score: 112, period_scores: [[30, 25], [28, 30], [26, 27], [26, 28], [8, 2]] }, []);
    expect(overtime.body).toContain('- 加时1 8-2');
    expect(overtime.body).not.toContain('第5节');
  });

  it('the cover card escapes team names and uses two different colours', () => {
    const svg = coverCardSvg({ homeId: 1, awayId: 13, home: '<script>', away: '"&', homeScore: 2, awayScore: 1, caption: '英超' });
    expect(teamColour(1)).toBe(teamColour(13));
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&quot;&amp;');
    expect(svg).not.toContain('<script');
    const fills = [...svg.matchAll(/<(?:rect|polygon)[^>]*fill="(#[0-9a-f]{6})"/g)].map((match) => match[1]);
    expect(fills[0]).not.toBe(fills[1]);
  });
});
