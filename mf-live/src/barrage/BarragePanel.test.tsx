import '../testing/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, LEVEL_THRESHOLDS, userInfoAtom, type BarrageList } from '@sports/shared';
import { liveContext, logIn, MEMBER, renderInRemote } from '../testing/fixtures';
import { BarragePanel } from './BarragePanel';
import { BARRAGE_PATHS } from './barrageApi';
import { recentKeyOfMessage } from './recentKey';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const LIST: BarrageList = {
  styles: [
    { id: 1, name: '白色', color: '#ffffff', position: 'scroll', price: 0, min_level: 1 },
    { id: 2, name: '天蓝', color: '#40a9ff', position: 'scroll', price: 0, min_level: 3 },
    { id: 4, name: '金色置顶', color: '#ffd700', position: 'top', price: 20, min_level: 1 },
  ],
  list: [
    { id: 11, room_id: 7, user_id: 3, user_nickname: '老观众', level: 2, text: '开场了', style_id: null, color: '#ffffff', position: 'scroll', created_at: '2026-11-25T00:00:00.000Z' },
    { id: 12, room_id: 7, user_id: 4, user_nickname: '土豪', level: 5, text: '冲啊', style_id: 4, color: '#ffd700', position: 'top', created_at: '2026-11-25T00:00:01.000Z' },
  ],
};
const sent = (balance: number, coins: number) => ({ barrage: { ...LIST.list[1], id: 13, text: 'x' }, coins, balance });

const style = (name: string) => screen.getAllByTestId('barrage-style').find((button) => button.textContent?.includes(name)) as HTMLButtonElement;
const type = (text: string) => fireEvent.change(screen.getByTestId('barrage-input'), { target: { value: text } });

describe('barrage panel', () => {
  it('offers the styles beside the input: colour, position, price or 免费, the level needed (locked below it); the room history in colour on join, then what flies', async () => {
    const context = liveContext({ [BARRAGE_PATHS.list]: LIST });
    logIn(context, { ...MEMBER, exp: 0, balance: 100 });
    renderInRemote(context, <BarragePanel context={context} roomId={7} live={[]} />);
    await screen.findAllByTestId('barrage-style');
    expect(context.callsTo(BARRAGE_PATHS.list)[0]?.params).toEqual({ room_id: 7 });
    expect(style('白色').textContent).toContain('免费');
    expect(style('白色').getAttribute('aria-checked')).toBe('true');
    expect(style('金色置顶').textContent).toContain('20 金币');
    expect(style('金色置顶').textContent).toContain('顶部');
    expect(style('天蓝').textContent).toContain('LV3 解锁');
    expect(style('天蓝').disabled).toBe(true);
    expect(style('金色置顶').disabled).toBe(false);
    const recent = screen.getAllByTestId('barrage-recent-item');
    expect(recent.map((line) => line.textContent)).toEqual(['老观众：开场了', '土豪：冲啊']);
    expect(recent[1]?.style.color).toBe('rgb(255, 215, 0)');
  });

  it('a member at the level may pick the gated style', async () => {
    const context = liveContext({ [BARRAGE_PATHS.list]: LIST });
    logIn(context, { ...MEMBER, exp: LEVEL_THRESHOLDS[2] as number });
    renderInRemote(context, <BarragePanel context={context} roomId={7} live={[{ id: 'm1', text: '新的', mine: false, nickname: '路人', color: '#40a9ff' }]} />);
    await screen.findAllByTestId('barrage-style');
    expect(style('天蓝').disabled).toBe(false);
    expect(screen.getAllByTestId('barrage-recent-item').at(-1)?.textContent).toBe('路人：新的');
  });

  it("the history's lines and the live ones show the sender's worn fan medal with its level (greyed when unlit); a line without one shows none", async () => {
    const [first, second] = LIST.list as [BarrageList['list'][number], BarrageList['list'][number]];
    const list: BarrageList = { ...LIST, list: [{ ...first, medal: { name: '铁粉团', level: 3, lit: true } }, { ...second, medal: { name: '球迷', level: 9, lit: false } }, { ...second, id: 14, text: '路过' }] };
    const context = liveContext({ [BARRAGE_PATHS.list]: list });
    const live = [
      { id: 'm1', text: '现场的', mine: false, nickname: '新观众', medal: { name: '新人团', level: 1, lit: true } },
      { id: 'm2', text: '没勋章', mine: false, nickname: '路人' },
    ];
    renderInRemote(context, <BarragePanel context={context} roomId={7} live={live} />);
    await screen.findAllByTestId('barrage-style');
    const lines = screen.getAllByTestId('barrage-recent-item');
    const badgeOf = (line: HTMLElement) => within(line).queryByTestId('fan-medal-badge');
    expect(lines).toHaveLength(5);
    expect(badgeOf(lines[0] as HTMLElement)?.getAttribute('aria-label')).toBe('粉丝勋章 铁粉团 3级');
    expect(badgeOf(lines[1] as HTMLElement)?.getAttribute('aria-label')).toBe('粉丝勋章 球迷 9级（已熄灭）');
    expect(badgeOf(lines[1] as HTMLElement)?.getAttribute('data-lit')).toBe('0');
    expect(badgeOf(lines[2] as HTMLElement)).toBeNull();
    expect(badgeOf(lines[3] as HTMLElement)?.getAttribute('aria-label')).toBe('粉丝勋章 新人团 1级');
    expect(badgeOf(lines[4] as HTMLElement)).toBeNull();
    expect(lines[0]?.textContent).toBe('铁粉团3老观众：开场了');
  });

  it('a danmaku heard before the history answered shows once, sent over HTTP (its barrage id) or the socket (sender, time, text); a new one shows after', async () => {
    const context = liveContext({ [BARRAGE_PATHS.list]: LIST });
    const heard = (id: string, text: string, userId: number, sentAt: string, barrageId?: number) => {
      const message = { cloudCustomData: { type: 0 as const, ...(barrageId === undefined ? {} : { barrageId }) }, from: { userId: String(userId) }, text, sentAt: Date.parse(sentAt) };
      return { id, text, mine: false, nickname: `用户${userId}`, recentKey: recentKeyOfMessage(message as Parameters<typeof recentKeyOfMessage>[0]) };
    };
    const live = [
      heard('m1', '开场了', 3, '2026-11-25T00:00:00.000Z'),
      heard('m2', '冲啊', 4, '2026-11-25T00:00:01.500Z', 12),
      heard('m3', '冲啊', 4, '2026-11-25T00:00:02.000Z'),
    ];
    renderInRemote(context, <BarragePanel context={context} roomId={7} live={live} />);
    await screen.findAllByTestId('barrage-style');
    expect(screen.getAllByTestId('barrage-recent-item').map((line) => line.textContent)).toEqual(['老观众：开场了', '土豪：冲啊', '用户4：冲啊']);
  });

  it('a paid style: 发送弹幕 sends room, text and style with a fresh Idempotency-Key; the new balance shows at once, also in the shared user', async () => {
    const context = liveContext({ [BARRAGE_PATHS.list]: LIST, [BARRAGE_PATHS.send]: () => sent(80, 20) });
    logIn(context, { ...MEMBER, balance: 100 });
    renderInRemote(context, <BarragePanel context={context} roomId={7} live={[]} />);
    fireEvent.click((await screen.findAllByTestId('barrage-style')).find((button) => button.textContent?.includes('金色置顶')) as HTMLElement);
    expect(style('金色置顶').getAttribute('aria-checked')).toBe('true');
    type('金色弹幕');
    fireEvent.click(screen.getByTestId('barrage-send'));
    await waitFor(() => expect(screen.getByTestId('barrage-balance').textContent).toBe('余额 80'));
    expect(context.store.get(userInfoAtom)?.balance).toBe(80);
    const [call] = context.callsTo(BARRAGE_PATHS.send);
    expect(call?.params).toEqual({ room_id: 7, text: '金色弹幕', style_id: 4 });
    expect(call?.headers?.['Idempotency-Key']).toMatch(UUID);
  });

  it("too little balance: the server's message with a link to recharge", async () => {
    const context = liveContext({ [BARRAGE_PATHS.list]: LIST, [BARRAGE_PATHS.send]: new ApiError(500, '余额不足，请先充值', null, 'WALLET_INSUFFICIENT_BALANCE') });
    logIn(context, { ...MEMBER, balance: 5 });
    renderInRemote(context, <BarragePanel context={context} roomId={7} live={[]} />);
    fireEvent.click((await screen.findAllByTestId('barrage-style')).find((button) => button.textContent?.includes('金色置顶')) as HTMLElement);
    type('买不起');
    fireEvent.click(screen.getByTestId('barrage-send'));
    const error = await screen.findByTestId('barrage-error');
    expect(error.textContent).toContain('余额不足，请先充值');
    expect(within(error).getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('#/member?type=1&isRecharge=true');
    expect(context.store.get(userInfoAtom)?.balance).toBe(5);
  });

  it('a visitor is asked to log in and nothing is sent', async () => {
    const context = liveContext({ [BARRAGE_PATHS.list]: LIST });
    const opened: unknown[] = [];
    context.eventBus.on('login:open', (event) => opened.push(event));
    renderInRemote(context, <BarragePanel context={context} roomId={7} live={[]} />);
    await screen.findAllByTestId('barrage-style');
    type('游客');
    act(() => fireEvent.click(screen.getByTestId('barrage-send')));
    expect(opened).toHaveLength(1);
    expect(context.callsTo(BARRAGE_PATHS.send)).toHaveLength(0);
  });
});
