import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FanMedal, FanMedalList, PublicUserInfo } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { MEMBER_PATHS } from '../api/memberApi';
import { routes } from '../routes';
import { logIn, MEMBER, memberContext } from '../testing/fixtures';
import { MEDAL_PATHS } from './medalsApi';

function medal(overrides: Partial<FanMedal>): FanMedal {
  return {
    anchor_id: 1100,
    anchor_nickname: '主播老李',
    anchor_avatar: '',
    room_id: 5,
    name: '老李团',
    intimacy: 35,
    level: 3,
    next_level_at: 60,
    lit: 1,
    last_interaction_at: '2026-12-06T02:00:00.000Z',
    worn: 0,
    today_watch: 2,
    today_chat: 4,
    ...overrides,
  };
}

describe('member?type=5 my fan medals (粉丝勋章)', () => {
  it('lists my medals with badge, intimacy to the next level, today\'s counts and the rules; 佩戴 one, then 取下', async () => {
    let worn: number | null = null;
    const list = (): FanMedalList => ({
      list: [medal({ worn: worn === 1100 ? 1 : 0 }), medal({ anchor_id: 1200, anchor_nickname: '主播小张', name: '张家军', intimacy: 4, level: 1, next_level_at: 10, lit: 0, room_id: null, today_watch: 0, today_chat: 0, worn: worn === 1200 ? 1 : 0 })],
      worn_anchor_id: worn,
      watch_cap: 6,
      chat_cap: 10,
    });
    const context = memberContext({
      [MEDAL_PATHS.list]: () => list(),
      [MEDAL_PATHS.wear]: (body: unknown) => {
        worn = (body as { anchor_id: number | null }).anchor_id;
        return { worn_anchor_id: worn };
      },
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'member', { type: '5' }, context);
    const items = within(await screen.findByRole('list', { name: '我的粉丝勋章' })).getAllByTestId('medal-item');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('img', { name: '粉丝勋章 老李团 3级' })).toBeTruthy();
    expect(first.textContent).toContain('亲密度 35 / 60 · 已点亮');
    expect(first.textContent).toContain('今日 观看 2/6 · 发言 4/10');
    expect(within(second).getByRole('img', { name: '粉丝勋章 张家军 1级（已熄灭）' })).toBeTruthy();
    expect(second.textContent).toContain('已熄灭');
    expect(screen.getByText(/7 天没有互动的勋章会熄灭/)).toBeTruthy();
    fireEvent.click(within(second).getByRole('button', { name: '佩戴「张家军」' }));
    await waitFor(() => expect(screen.getAllByTestId('medal-item')[1]?.getAttribute('data-worn')).toBe('1'));
    expect(context.callsTo(MEDAL_PATHS.wear)[0]?.params).toEqual({ anchor_id: 1200 });
    expect(within(screen.getAllByTestId('medal-item')[1] as HTMLElement).getByText('佩戴中')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取下勋章' }));
    await waitFor(() => expect(screen.queryByText('佩戴中')).toBeNull());
    expect(context.callsTo(MEDAL_PATHS.wear)[1]?.params).toEqual({ anchor_id: null });
  });

  it('none yet: says how to get one', async () => {
    const context = memberContext({ [MEDAL_PATHS.list]: { list: [], worn_anchor_id: null, watch_cap: 6, chat_cap: 10 } });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'member', { type: '5' }, context);
    expect(await screen.findByText(/还没有粉丝勋章/)).toBeTruthy();
  });

  it('an anchor\'s page shows their 粉丝榜 with each fan\'s medal', async () => {
    const anchor: PublicUserInfo = { id: 1100, user_nickname: '主播老李', avatar: '', level: 30, is_anchor: 1, room: null, fans: 9, is_attention: 0 };
    const context = memberContext({
      [MEMBER_PATHS.publicUser]: anchor,
      [MEDAL_PATHS.roomFans]: { anchor_id: 1100, name: '老李团', named: 1, total: 1, list: [{ rank: 1, user_id: 7, user_nickname: '铁粉', avatar: '', intimacy: 120, level: 5, lit: 1 }], next_cursor: null },
    });
    renderRemotePage(routes, 'about-user', { id: '1100' }, context);
    const list = await screen.findByRole('list', { name: '粉丝榜 · 老李团' });
    expect(within(list).getByTestId('anchor-fan').textContent).toBe('第1名老李团5铁粉亲密度 120');
    expect(context.callsTo(MEDAL_PATHS.roomFans)[0]?.params).toEqual({ anchor_id: 1100, limit: 20 });
  });
});
