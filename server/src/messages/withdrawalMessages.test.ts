import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/testApp';
import { OPS, useWithdrawalsTestApp } from '../wallet/testing/withdrawalsTestKit';

describeEachDatabase('messages: a withdrawal reviewed by ops is the anchor\'s 系统通知 (paid, or rejected with the reason)', (target) => {
  const { get, post, withdraw, readyAnchor } = useWithdrawalsTestApp(target);

  it('paid and rejected each tell the anchor once, in the review\'s transaction', async () => {
    const anchor = await readyAnchor(1_000);
    const paid = (await withdraw(anchor, 2_000)).data.withdrawal as { id: number; order_no: string };
    const refused = (await withdraw(anchor, 3_000)).data.withdrawal as { id: number; order_no: string };
    expect(await post(`/api/ops/withdrawals/${paid.id}/approve`, undefined, undefined, OPS)).toMatchObject({ code: 200 });
    expect(await post(`/api/ops/withdrawals/${refused.id}/reject`, { reason: '收款账户信息有误' }, undefined, OPS)).toMatchObject({ code: 200 });
    // Reviewing again is refused and tells nothing more.
    expect((await post(`/api/ops/withdrawals/${paid.id}/approve`, undefined, undefined, OPS)).code).toBe(1);

    const page = await get('/api/Message/list?tab=system', anchor);
    expect(page.data.list.map((message: { kind: string; title: string; body: string; link: string }) => [message.kind, message.title, message.body, message.link])).toEqual([
      ['withdrawal_rejected', '提现未通过', `提现订单 ${refused.order_no} 未通过审核：收款账户信息有误，300 金币已退回收益。`, '#/member?type=1'],
      ['withdrawal_paid', '提现已打款', `提现订单 ${paid.order_no} 已打款（200 金币）。`, '#/member?type=1'],
    ]);
    expect((await get('/api/Message/unreadCount', anchor)).data).toEqual({ total: 2, system: 2, interaction: 0, match: 0 });
  });
});
