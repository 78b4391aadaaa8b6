import { expect, it } from 'vitest';
import { createManualClock } from '../../infra/clock';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import type { MatchFinished } from './matchResults';
import { LIVE_TEST_START, liveFeedTestOptions, playFeed } from './testing/liveTestKit';

describeEachDatabase('scores: the feed\'s full-time event (app.matchResults)', (target) => {
  const clock = createManualClock(LIVE_TEST_START);
  const ctx = useTestApp(target, { app: { live: { feed: liveFeedTestOptions(clock) }, accountOverrides: { clock } } });

  it('tells each match that reached full time once, with the final score the match row holds, after its batch committed', async () => {
    const finishedRows = () => ctx.db.selectFrom('match').select(['id', 'home_score', 'away_score']).where('status', '=', 'finished').execute();
    // The seeded matches finished before the feed ran: no event of theirs.
    const before = new Set((await finishedRows()).map((row) => Number(row.id)));
    const heard: MatchFinished[] = [];
    const committedWhenHeard: Promise<boolean>[] = [];
    ctx.app.matchResults.onFinished((finished) => {
      heard.push(...finished);
      // Told after commit: another connection already reads the match as finished.
      for (const match of finished) {
        committedWhenHeard.push(
          ctx.db.selectFrom('match').select('status').where('id', '=', match.matchId).executeTakeFirstOrThrow().then((row) => row.status === 'finished'),
        );
      }
    });
    // A listener that throws is logged; the feed and the other listeners go on.
    ctx.app.matchResults.onFinished(() => {
      throw new Error('a broken listener');
    });
    await playFeed(ctx.app, clock, 60_000);
    const firstHour = heard.length;
    // An hour more: the matches finishing in it are told once, the earlier ones not again.
    await playFeed(ctx.app, clock, 60_000);
    const finished = (await finishedRows()).filter((row) => !before.has(Number(row.id)));
    expect(finished.length).toBeGreaterThan(0);
    expect(heard.length).toBeGreaterThan(firstHour);
    expect(new Set(heard.map((match) => match.matchId)).size).toBe(heard.length);
    const told = new Map(heard.map((match) => [match.matchId, match]));
    for (const row of finished) expect(told.get(Number(row.id)), `match ${row.id}`).toEqual({ matchId: Number(row.id), homeScore: row.home_score, awayScore: row.away_score });
    expect(heard).toHaveLength(finished.length);
    expect(await Promise.all(committedWhenHeard)).toEqual(heard.map(() => true));
  });
});
