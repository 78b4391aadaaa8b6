import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { OpsPage } from './OpsPage';
import { createFakeGameAudit, fakeRedPacket, FIXED_SEED, FIXED_SEED_HASH } from './testing/fakeGameAudit';
import { createFakeOpsServer } from './testing/fakeOpsServer';

const TOKEN = 'ops-secret';
let fake: ReturnType<typeof createFakeGameAudit>;

beforeEach(() => {
  fake = createFakeGameAudit(TOKEN, createFakeOpsServer(TOKEN, []).fetch);
  fake.redPackets.push(
    fakeRedPacket(11),
    fakeRedPacket(12, { room_id: 8, followers_only: 1, password: '666', entries: 3, finished_at: null, refunded_coins: null, refund_set_id: null }),
  );
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  sessionStorage.setItem('mf_ops_token', TOKEN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function openRedPackets() {
  renderWithHost(<OpsPage />, { path: '/ops?tab=redPacketAudit' });
  return screen.findByRole('table', { name: /红包（全部直播间/ });
}

async function expand(id: number) {
  fireEvent.click(screen.getByTestId(`red-packet-audit-row-${id}-toggle`));
  return screen.findByRole('region', { name: `红包 ${id} 的审计` });
}

describe('红包审计 (#/ops?tab=redPacketAudit)', () => {
  it('lists every packet newest first: room, funder, coins, shares, grabbed, condition, China times, state', async () => {
    const table = await openRedPackets();
    expect(screen.getByRole('tab', { name: '红包审计' }).getAttribute('aria-selected')).toBe('true');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['编号', '直播间', '发送者 ID', '金币', '份数', '已抢', '条件', '创建时间', '过期时间', '状态', '审计']);
    expect(screen.getAllByTestId(/^red-packet-audit-row-\d+$/).map((row) => row.getAttribute('data-testid'))).toEqual(['red-packet-audit-row-12', 'red-packet-audit-row-11']);
    const cells = within(screen.getByTestId('red-packet-audit-row-12')).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 10)).toEqual(['12', '8', '501', '100', '4', '2/4', '仅粉丝，口令「666」', '2026-12-06 21:00:00', '2026-12-06 21:10:00', '进行中']);
    expect(screen.getByTestId('red-packet-audit-state-11').textContent).toBe('已结束');
    expect(fake.sent[0]).toMatchObject({ method: 'GET', path: '/api/ops/redPackets', headers: { 'x-ops-token': TOKEN } });
  });

  it('a finished packet expands to its seed, 校验 一致, ledger sets and every share with its grabber', async () => {
    await openRedPackets();
    const toggle = screen.getByTestId('red-packet-audit-row-11-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const trail = await expand(11);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('收起审计');
    expect(within(trail).getByTestId('red-packet-audit-seed-hash-11').textContent).toBe(FIXED_SEED_HASH);
    expect(within(trail).getByTestId('red-packet-audit-seed-11').textContent).toBe(FIXED_SEED);
    await waitFor(() => expect(screen.getByTestId('red-packet-audit-verify-11-result').textContent).toBe('一致'));
    expect(screen.getByTestId('red-packet-audit-verify-11').textContent).toBe('一致 种子哈希一致；4 份金额与种子推算一致');
    expect(screen.getByTestId('red-packet-audit-funding-11').textContent).toBe('出资账本集 #911（发送者 → 红包托管）');
    expect(screen.getByTestId('red-packet-audit-refund-11').textContent).toBe('退款账本集 #961（red_packet_refund:11，退回 47 金币）');
    expect(screen.getByTestId('red-packet-audit-entries-11').textContent).toBe('无口令');
    const shares = within(trail).getByRole('table', { name: '红包 11 的 4 份' });
    expect(within(shares).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['序号', '金额', '领取人 ID', '领取时间', 'IP 地址', '设备', '状态', '账本键']);
    expect(within(screen.getByTestId('red-packet-share-11-1')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '1', '29', '602', '2026-12-06 21:02:30', '203.0.113.11', 'device-abcdefghijklmn1', '已领取', 'red_packet_grab:11:602',
    ]);
    expect(within(screen.getByTestId('red-packet-share-11-3')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', '33', '—', '—', '—', '—', '已退回', '—']);

    fireEvent.click(toggle);
    expect(screen.queryByRole('region', { name: '红包 11 的审计' })).toBeNull();
  });

  it('校验 不一致 names the shares that differ from the seed; an open packet is checked once finished', async () => {
    const tampered = fakeRedPacket(13);
    tampered.share_list[2]!.amount = 15;
    tampered.share_list[3]!.amount = 32;
    fake.redPackets.push(tampered);
    await openRedPackets();
    await expand(13);
    await waitFor(() => expect(screen.getByTestId('red-packet-audit-verify-13-result').textContent).toBe('不一致'));
    expect(screen.getByTestId('red-packet-audit-verify-13').getAttribute('data-verified')).toBe('mismatch');
    expect(screen.getByTestId('red-packet-audit-verify-13').textContent).toContain('不一致的份额序号：2、3');

    const open = await expand(12);
    expect(screen.getByTestId('red-packet-audit-verify-12').textContent).toBe('红包结束后校验');
    expect(within(open).getByTestId('red-packet-audit-seed-12').parentElement?.textContent).toContain('仅运维可见');
    expect(screen.getByTestId('red-packet-audit-refund-12').textContent).toBe('未结束，尚未退款');
    expect(screen.getByTestId('red-packet-audit-entries-12').textContent).toBe('口令「666」，3 人发送');
  });

  it('filters by room id (checked before any call), back to all rooms; an empty room says so', async () => {
    await openRedPackets();
    const calls = fake.sent.length;
    fireEvent.change(screen.getByTestId('red-packet-audit-room-filter'), { target: { value: '8a' } });
    fireEvent.click(screen.getByTestId('red-packet-audit-search'));
    expect((await screen.findByRole('alert')).textContent).toBe('直播间 ID 须为正整数');
    expect(fake.sent).toHaveLength(calls);

    fireEvent.change(screen.getByTestId('red-packet-audit-room-filter'), { target: { value: ' 8 ' } });
    fireEvent.click(screen.getByTestId('red-packet-audit-search'));
    await screen.findByRole('table', { name: '红包（直播间 8，最新 1 个，最多 50 个）' });
    expect(fake.sent.at(-1)?.path).toBe('/api/ops/redPackets?room_id=8');
    expect(screen.queryByTestId('red-packet-audit-row-11')).toBeNull();

    fireEvent.change(screen.getByTestId('red-packet-audit-room-filter'), { target: { value: '99' } });
    fireEvent.click(screen.getByTestId('red-packet-audit-search'));
    expect(await screen.findByText('直播间 99还没有红包。')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '全部直播间' }));
    await screen.findByRole('table', { name: /红包（全部直播间，最新 2 个/ });
    expect(fake.sent.at(-1)?.path).toBe('/api/ops/redPackets');
  });

  it("a failed load shows the server's message; 刷新 loads again", async () => {
    fake.state.failNext = '服务器繁忙';
    renderWithHost(<OpsPage />, { path: '/ops?tab=redPacketAudit' });
    expect((await screen.findByRole('alert')).textContent).toBe('加载失败：服务器繁忙');
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await screen.findByRole('table', { name: /红包（全部直播间/ });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refused token returns the page to the token form', async () => {
    sessionStorage.setItem('mf_ops_token', 'stale-token');
    vi.stubGlobal('fetch', vi.fn(createFakeGameAudit(TOKEN, async () => new Response(JSON.stringify({ code: 200, msg: '', data: [] }), { status: 200 })).fetch));
    renderWithHost(<OpsPage />, { path: '/ops?tab=redPacketAudit' });
    expect(await screen.findByLabelText('运维令牌')).toBeTruthy();
    expect(screen.getByText('需要运维权限')).toBeTruthy();
  });
});
