import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../infra/clock';
import { LIVE_TEST_START, liveFeedTestOptions } from '../scores/feed/testing/liveTestKit';
import { embeddedTarget } from '../testing/dbTargets';
import { useTestApp } from '../testing/testApp';
import { FeedClipWatcher } from './feedClipWatcher';
import { createArchivedRoom, firstFrameSecond, segmentTemplate, topLevelBoxes } from './testing/clipFixtures';

/**
 * The demo feed's own goals (the simulator, stored by the feed pipeline on a manual clock) make
 * clips once a live room shows their match: the feed's events, titles and team names as stored.
 */
describe('feed clips of the demo feed [embedded PostgreSQL, ffmpeg]', () => {
  const clock = createManualClock(LIVE_TEST_START);
  const ctx = useTestApp(embeddedTarget(), {
    seed: true,
    app: { live: { feed: liveFeedTestOptions(clock) }, clipOverrides: { archiveWait: { pollMs: 100, graceMs: 300 }, watchIntervalMs: 3_600_000 } },
  });

  beforeAll(async () => {
    await segmentTemplate();
  }, 120_000);

  it('a demo match scores while a room shows it: a ready goal clip titled from the feed, cut from t−20 s', { timeout: 60_000 }, async () => {
    const goal = await ctx.db
      .selectFrom('match_event as e')
      .innerJoin('match as m', 'm.id', 'e.match_id')
      .innerJoin('team as h', 'h.id', 'm.home_team_id')
      .innerJoin('team as a', 'a.id', 'm.away_team_id')
      .select(['e.id', 'e.match_id', 'e.occurred_at', 'e.minute', 'e.extra_minute', 'e.home_score', 'e.away_score', 'e.detail', 'h.name_zh as home', 'a.name_zh as away'])
      .where('m.sport', '=', 'football')
      .where('e.kind', '=', 'goal')
      .orderBy('e.occurred_at', 'desc')
      .executeTakeFirstOrThrow();
    const t = goal.occurred_at.getTime();
    const room = await createArchivedRoom(ctx.db, ctx.dataDir, { baseMs: t - 35_000, matchId: goal.match_id });
    // The feed's node: the events are the simulator's, on its clock.
    const watcher = new FeedClipWatcher(ctx.db, ctx.app.clips.service, pino({ level: 'silent' }), { intervalMs: 1_000, shouldRun: () => true, now: () => t + 60_000 });
    const claimed = await watcher.tick();
    await ctx.app.clips.service.settle();
    expect(claimed.length).toBeGreaterThan(0);
    const clip = await ctx.db.selectFrom('clip').selectAll().where('event_id', '=', goal.id).executeTakeFirstOrThrow();
    const minute = goal.extra_minute ? `${goal.minute}+${goal.extra_minute}'` : `${goal.minute}'`;
    expect(clip).toMatchObject({ status: 'ready', room_id: room.roomId, match_id: goal.match_id, kind: goal.detail === 'penalty' ? 'penalty' : 'goal', failure: null });
    expect(clip.title).toBe(`${goal.detail === 'penalty' ? '点球' : '进球'}！${goal.home} ${goal.home_score}-${goal.away_score} ${goal.away} ${minute}`);
    const video = `${ctx.dataDir}/media/clips/${clip.id}.mp4`;
    const boxes = await topLevelBoxes(video);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(await firstFrameSecond(video)).toBe(15);
    expect((await watcher.tick()).includes(clip.id)).toBe(false);
  });
});
