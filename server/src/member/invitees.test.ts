import { InviteePageSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { accountsTestOptions, createManualClock, registerUser } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';

describeEachDatabase('api/Member/inviteList: whom I invited', (target) => {
  const ctx = useTestApp(target, accountsTestOptions(createManualClock()));
  const inviteList = (token: string | null, query = '') => ctx.app.inject({ url: `/api/Member/inviteList${query}`, headers: token === null ? {} : { token } });

  it('lists the members who registered with my invite code, newest first, with public fields only', async () => {
    const inviter = await registerUser(ctx);
    const first = await registerUser(ctx, { invite: inviter.invite_code });
    const second = await registerUser(ctx, { invite: inviter.invite_code.toLowerCase() });
    await registerUser(ctx);
    const answer = (await inviteList(inviter.token)).json();
    expect(answer.code).toBe(200);
    expect(Value.Check(InviteePageSchema, answer.data)).toBe(true);
    expect(answer.data.total).toBe(2);
    expect(answer.data.list.map((item: { user_id: number }) => item.user_id)).toEqual([second.id, first.id]);
    expect(Object.keys(answer.data.list[0]).sort()).toEqual(['avatar', 'joined_at', 'level', 'user_id', 'user_nickname']);
    expect(JSON.stringify(answer.data)).not.toContain(first.mobile.slice(-8));
    // Paged, and nobody else's: the invitee invited no one.
    expect((await inviteList(inviter.token, '?page=2&page_size=1')).json().data.list.map((item: { user_id: number }) => item.user_id)).toEqual([first.id]);
    expect((await inviteList(first.token)).json().data).toEqual({ list: [], total: 0, page: 1, page_size: 20 });
  });

  it('needs a signed-in member and bounded pages', async () => {
    expect((await inviteList(null)).json().code).toBe(700);
    const user = await registerUser(ctx);
    expect((await inviteList(user.token, '?page=0')).json()).toMatchObject({ code: 1, reason: 'VALIDATION' });
    expect((await inviteList(user.token, '?page_size=1000')).json()).toMatchObject({ code: 1, reason: 'VALIDATION' });
  });
});
