import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { caller, createUser } from './testing/roomsTestKit';

describeEachDatabase('follow toggles', (target) => {
  const ctx = useTestApp(target);
  const { post } = caller(() => ctx.app);

  it('takes concurrent toggles of one follower in turn: a double click follows, then unfollows', async () => {
    const anchor = await createUser(ctx.db, { anchor: true, nickname: '主播丁' });
    const viewer = await createUser(ctx.db);
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all([post('/api/Member/attention', { anchor_id: anchor.id }, viewer), post('/api/Member/attention', { anchor_id: anchor.id }, viewer)]);
      expect(answers.map((answer) => answer.code)).toEqual([200, 200]);
      // One of the two followed and the other unfollowed, whichever ran first.
      expect(answers.map((answer) => answer.data.is_attention).sort()).toEqual([0, 1]);
      const rows = await ctx.db.selectFrom('user_follow').selectAll().where('follower_id', '=', viewer.id).execute();
      expect(rows).toHaveLength(0);
    }
  });
});
