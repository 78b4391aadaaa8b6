import { type Clip, HeadlineDetailSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultClipsConfig } from '../../clips/clipsConfig';
import { addMatchEvent, createArchivedRoom, segmentTemplate } from '../../clips/testing/clipFixtures';
import { caller, createUser } from '../../live/testing/roomsTestKit';
import { embeddedTarget } from '../../testing/dbTargets';
import { useTestApp } from '../../testing/testApp';
import { coverCardSvg, teamColour } from './coverCard';
import { composeReport, writeMatchReports } from './matchReports';

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

describe('match reports carry the match\'s clips, read when the article is opened [embedded PostgreSQL, ffmpeg]', () => {
  const ctx = useTestApp(embeddedTarget(), {
    app: { clips: { ...defaultClipsConfig(), minFreeMb: 0 }, clipOverrides: { archiveWait: { pollMs: 100, graceMs: 300 }, watchIntervalMs: 3_600_000 } },
  });
  const api = caller(() => ctx.app);

  beforeAll(async () => {
    await segmentTemplate();
  }, 120_000);

  /** The feed's node claims the events' clips and cuts them (real ffmpeg, stream copy from the archive). */
  async function cutClips(): Promise<number[]> {
    const claimed = await ctx.app.clips.watcher.tick();
    await ctx.app.clips.service.settle();
    return claimed;
  }

  const reportClipsOf = async (reportId: number): Promise<Clip[]> => {
    const detail = await api.get('/api/Headlines/detail', { id: reportId });
    expect(detail.code, detail.msg).toBe(200);
    expect(Value.Errors(HeadlineDetailSchema, detail.data)).toEqual([]);
    return (detail.data as { clips: Clip[] }).clips;
  };

  it('a report shows its match\'s goal and red-card clips; the last goal\'s clip, cut after full time, appears; deleted and hidden ones do not', { timeout: 90_000 }, async () => {
    // A demo match ('sim:' key) shown by a live room whose stream is archived (a minute of segments).
    const baseMs = Date.now() - 70_000;
    const room = await createArchivedRoom(ctx.db, ctx.dataDir, { baseMs });
    await ctx.db.updateTable('match').set({ external_key: `sim:report-clips:${room.matchId}` }).where('id', '=', room.matchId).execute();
    await addMatchEvent(ctx.db, room.matchId, { kind: 'goal', occurredAtMs: baseMs + 25_000, minute: 12, home: 1, away: 0, player: '哈兰德' });
    await addMatchEvent(ctx.db, room.matchId, { kind: 'red', occurredAtMs: baseMs + 30_000, minute: 40, side: 'away', home: 1, away: 0, player: '萨利巴' });
    const [goalClip, redClip] = await cutClips();
    expect(goalClip).toBeDefined();
    expect(redClip).toBeDefined();

    // The last goal is stored just before full time; the report is written at full time, before its clip is cut.
    await addMatchEvent(ctx.db, room.matchId, { kind: 'goal', occurredAtMs: baseMs + 35_000, minute: 89, home: 2, away: 0, player: '福登' });
    await ctx.db.updateTable('match').set({ status: 'finished', home_score: 2, away_score: 0, home_half_score: 1, away_half_score: 0, finished_at: new Date() }).where('id', '=', room.matchId).execute();
    expect(await writeMatchReports(ctx.db, new Date(Date.now() + 1_000))).toBe(1);
    const report = await ctx.db.selectFrom('headline').select(['id', 'body']).where('match_id', '=', room.matchId).executeTakeFirstOrThrow();
    expect(report.body).toContain("89' 福登");

    const atFullTime = await reportClipsOf(report.id);
    expect(atFullTime.map((clip) => [clip.id, clip.kind])).toEqual([
      [goalClip, 'goal'],
      [redClip, 'red_card'],
    ]);
    expect(atFullTime[0]).toMatchObject({ status: 'ready', title: "进球！主队 1-0 客队 12'", video_url: `/media/clips/${goalClip}.mp4`, thumb_url: `/media/clips/${goalClip}.jpg` });
    // What the article shows can be played: the thumbnail and the MP4 are served.
    expect((await ctx.app.inject({ url: `/media/clips/${goalClip}.jpg` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/media/clips/${goalClip}.mp4`, headers: { range: 'bytes=0-99' } })).statusCode).toBe(206);

    // ~12 s after the goal its clip is cut: the report, already written, shows it.
    const [lateClip] = await cutClips();
    expect(lateClip).toBeDefined();
    expect((await reportClipsOf(report.id)).map((clip) => clip.id)).toEqual([goalClip, redClip, lateClip]);

    // A viewer's 剪辑 of the room is not one of the match's clips.
    const viewer = await createUser(ctx.db);
    expect((await api.post('/api/Clip/create', { room_id: room.roomId }, viewer)).code).toBe(200);
    await ctx.app.clips.service.settle();

    // The anchor deletes the first goal's clip, ops hide the red card's: neither shows any more.
    expect((await api.post('/api/Clip/delete', { id: goalClip as number }, room.anchor)).code).toBe(200);
    await ctx.app.moderation.target('clip')?.hide(String(redClip));
    expect((await reportClipsOf(report.id)).map((clip) => clip.id)).toEqual([lateClip]);

    // Any other article carries no clips.
    const other = await ctx.db.selectFrom('headline').select('id').where('state', '=', 'published').where('source', '=', 'seed').executeTakeFirstOrThrow();
    expect(await reportClipsOf(other.id)).toEqual([]);
  });
});
