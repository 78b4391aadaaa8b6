import '../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userInfoAtom, type RedPacket } from '@sports/shared';
import { ANCHOR, liveContext, logIn, MEMBER, renderInRemote } from '../testing/fixtures';
import { RED_PACKET_PATHS } from './redPacketsApi';
import { RedPacketFalling } from './RedPacketFalling';
import { RedPacketPanel } from './RedPacketPanel';

const base: RedPacket = {
  id: 31,
  room_id: 7,
  funder_id: ANCHOR.id as number,
  funder_nickname: '主播老李',
  total_coins: 100,
  shares: 3,
  grabbed_shares: 1,
  grabbed_coins: 40,
  followers_only: 0,
  password: '国足加油',
  state: 'open',
  expires_at_ms: Date.now() + 600_000,
  expires_at: '2026-12-06 20:10:00',
  created_at: '2026-12-06 20:00:00',
  refunded_coins: null,
  seed_hash: 'ab'.repeat(32),
  seed: null,
  mine: null,
  entered: 0,
  grabs: [{ member_id: 9, nickname: '先到的', amount: 40, grabbed_at: '2026-12-06 20:00:05', luckiest: 0 }],
};

describe('red packet panel', () => {
  it('sends a packet with whole coins and an Idempotency-Key, refusing fractions and more shares than coins before asking', async () => {
    const context = liveContext({ [RED_PACKET_PATHS.list]: { list: [] }, [RED_PACKET_PATHS.create]: { packet: base, balance: 123 } });
    logIn(context, ANCHOR);
    renderInRemote(context, <RedPacketPanel context={context} roomId={7} active={false} />);
    expect(await screen.findByText('暂无红包')).toBeTruthy();
    fireEvent.change(screen.getByTestId('red-packet-coins'), { target: { value: '10.5' } });
    fireEvent.change(screen.getByTestId('red-packet-shares'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('red-packet-submit'));
    expect(await screen.findByText('请输入大于 0 的整数金币')).toBeTruthy();
    fireEvent.change(screen.getByTestId('red-packet-coins'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('red-packet-submit'));
    expect(await screen.findByText('每个红包至少 1 金币：金额不能少于个数')).toBeTruthy();
    expect(context.callsTo(RED_PACKET_PATHS.create)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('red-packet-coins'), { target: { value: '100' } });
    fireEvent.change(screen.getByTestId('red-packet-password-input'), { target: { value: ' 国足加油 ' } });
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByTestId('red-packet-submit'));
    await waitFor(() => expect(context.callsTo(RED_PACKET_PATHS.create)).toHaveLength(1));
    const [call] = context.callsTo(RED_PACKET_PATHS.create);
    expect(call?.params).toEqual({ room_id: 7, total_coins: 100, shares: 3, followers_only: 1, password: '国足加油' });
    expect(call?.headers?.['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(context.store.get(userInfoAtom)?.balance).toBe(123));
  });

  it('an open packet shows its 口令 and a 抢 button; the grab\'s result shows as the member\'s share', async () => {
    let current = base;
    const context = liveContext({
      [RED_PACKET_PATHS.list]: () => ({ list: [current] }),
      [RED_PACKET_PATHS.grab]: () => {
        current = { ...base, grabbed_shares: 2, grabbed_coins: 75, mine: 35, grabs: [...base.grabs, { member_id: MEMBER.id as number, nickname: '球迷小王', amount: 35, grabbed_at: '2026-12-06 20:00:09', luckiest: 0 }] };
        return { packet_id: 31, amount: 35, balance: 35 };
      },
    });
    logIn(context, MEMBER);
    renderInRemote(context, <RedPacketPanel context={context} roomId={7} active={false} />);
    const card = await screen.findByTestId('red-packet-card');
    expect(within(card).getByTestId('red-packet-password').textContent).toBe('发送口令「国足加油」后可抢');
    expect(within(card).getByTestId('red-packet-progress').textContent).toBe('已抢 1/3');
    expect(within(card).getByTestId('red-packet-seed').textContent).toBe('红包结束后公布');
    fireEvent.click(within(card).getByTestId('red-packet-grab'));
    await waitFor(() => expect(screen.getByTestId('red-packet-mine').textContent).toBe('你抢到了 35 金币'));
    expect(context.callsTo(RED_PACKET_PATHS.grab)[0]?.params).toEqual({ packet_id: 31 });
    expect(screen.queryByTestId('red-packet-grab')).toBeNull();
  });

  it('a finished packet shows 手气最佳, the refund and the revealed seed; the funder gets no 抢 button', async () => {
    const finished: RedPacket = {
      ...base,
      state: 'finished',
      seed: 'cd'.repeat(32),
      refunded_coins: 25,
      grabs: [
        { member_id: 9, nickname: '先到的', amount: 40, grabbed_at: '2026-12-06 20:00:05', luckiest: 1 },
        { member_id: 10, nickname: '后到的', amount: 35, grabbed_at: '2026-12-06 20:00:09', luckiest: 0 },
      ],
    };
    const context = liveContext({ [RED_PACKET_PATHS.list]: { list: [finished, { ...base, id: 32, state: 'open' }] } });
    logIn(context, ANCHOR);
    renderInRemote(context, <RedPacketPanel context={context} roomId={7} active={false} />);
    const [done, open] = await screen.findAllByTestId('red-packet-card');
    expect(within(done as HTMLElement).getByTestId('red-packet-luckiest').closest('li')?.textContent).toContain('先到的 40 金币');
    expect(within(done as HTMLElement).getByTestId('red-packet-refunded').textContent).toBe('未领取的 25 金币已退回');
    expect(within(done as HTMLElement).getByTestId('red-packet-seed').textContent).toBe('cd'.repeat(32));
    expect(within(done as HTMLElement).getByTestId('red-packet-state').textContent).toBe('已结束');
    expect(within(open as HTMLElement).queryByTestId('red-packet-grab')).toBeNull();
  });

  it('the falling packet drops when the room hears one open and grabs it', async () => {
    const context = liveContext({ [RED_PACKET_PATHS.grab]: { packet_id: 31, amount: 12, balance: 12 } });
    logIn(context, MEMBER);
    const event = { event: 'opened' as const, packetId: 31, roomId: 7, funderNickname: '主播老李', totalCoins: 100, shares: 3, followersOnly: false, password: null, expiresAt: Date.now() + 60_000, seedHash: 'ab'.repeat(32) };
    renderInRemote(context, <RedPacketFalling context={context} events={[{ id: 'm1', event }]} />);
    const falling = await screen.findByTestId('red-packet-falling');
    expect(falling.textContent).toContain('主播老李 发了一个红包');
    fireEvent.click(screen.getByTestId('red-packet-falling-grab'));
    expect((await screen.findByTestId('red-packet-result')).textContent).toContain('你抢到了 12 金币');
  });
});
