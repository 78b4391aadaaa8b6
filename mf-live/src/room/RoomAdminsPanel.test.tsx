import '../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Follower, RoomAdmin, RoomAdminList } from '@sports/shared';
import { FOLLOWER_PAGE_SIZE, LIVE_PATHS } from '../api/liveApi';
import { liveContext, pageOf, renderInRemote, type Params } from '../testing/fixtures';
import { RoomAdminsPanel } from './RoomAdminsPanel';

const admin = (id: number, name: string): RoomAdmin => ({ user_id: id, user_nickname: name, avatar: `/uploads/${id}.png` });
const follower = (id: number, name: string, isAdmin: 0 | 1 = 0): Follower => ({ user_id: id, user_nickname: name, avatar: '', is_admin: isAdmin, followed_at: '2026-11-20T10:00:00.000Z' });
const list = (admins: RoomAdmin[], max = 10): RoomAdminList => ({ room_id: 7, max, list: admins });

/** A fake server: the admin list setRoomAdmin changes, followers filtered by keyword. */
function adminContext(initial: RoomAdmin[], followers: Follower[], max = 10) {
  let admins = [...initial];
  return liveContext({
    [LIVE_PATHS.roomAdmins]: () => list(admins, max),
    [LIVE_PATHS.setRoomAdmin]: (params: Params) => {
      const userId = params?.user_id as number;
      if (params?.type === 1) {
        const picked = followers.find((item) => item.user_id === userId);
        if (picked) admins = [...admins, admin(userId, picked.user_nickname)];
      } else {
        admins = admins.filter((item) => item.user_id !== userId);
      }
      return list(admins, max);
    },
    [LIVE_PATHS.followerList]: (params: Params) => {
      const keyword = (params?.keyword as string | undefined) ?? '';
      return { ...pageOf(followers.filter((item) => item.user_nickname.includes(keyword))), page_size: FOLLOWER_PAGE_SIZE };
    },
  });
}

describe('room admins (owner console)', () => {
  it('lists the admins with the count and removes one (setRoomAdmin type 0 with the room)', async () => {
    const context = adminContext([admin(21, '房管甲'), admin(22, '房管乙')], []);
    renderInRemote(context, <RoomAdminsPanel context={context} roomId={7} />);
    expect(await screen.findByRole('heading', { level: 3, name: '房管' })).toBeTruthy();
    expect(context.callsTo(LIVE_PATHS.roomAdmins)[0]?.params).toEqual({ room_id: 7 });
    const admins = await screen.findByRole('list', { name: '房管' });
    expect(within(admins).getAllByTestId('admin-item').map((item) => item.textContent)).toEqual(['房管甲移除', '房管乙移除']);
    expect(screen.getByTestId('admin-count').textContent).toBe('房管 2/10');

    fireEvent.click(screen.getByRole('button', { name: '移除房管 房管甲' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '移除房管 房管甲' })).toBeNull());
    expect(context.callsTo(LIVE_PATHS.setRoomAdmin)[0]?.params).toEqual({ user_id: 21, type: 0, room_id: 7 });
    expect(screen.getByTestId('admin-count').textContent).toBe('房管 1/10');
  });

  it('searches the followers by nickname and adds the one picked (type 1); admins are marked, not addable', async () => {
    const context = adminContext([admin(21, '房管甲')], [follower(21, '房管甲', 1), follower(31, '球迷小王'), follower(32, '球迷小李'), follower(33, '路人')]);
    renderInRemote(context, <RoomAdminsPanel context={context} roomId={7} />);
    const results = await screen.findByRole('list', { name: '粉丝' });
    // Everyone first (no keyword sent), admins shown as such.
    expect(context.callsTo(LIVE_PATHS.followerList)[0]?.params).toEqual({ page: 1, page_size: FOLLOWER_PAGE_SIZE });
    expect(within(results).getAllByTestId('follower-item')).toHaveLength(4);
    expect(within(results).getByText('已是房管')).toBeTruthy();
    expect(within(results).queryByRole('button', { name: '设为房管 房管甲' })).toBeNull();

    const search = screen.getByRole('searchbox', { name: '搜索粉丝' }) as HTMLInputElement;
    expect(search.maxLength).toBe(20);
    fireEvent.change(search, { target: { value: ' 球迷 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(screen.getAllByTestId('follower-item')).toHaveLength(2));
    expect(context.callsTo(LIVE_PATHS.followerList).at(-1)?.params).toEqual({ keyword: '球迷', page: 1, page_size: FOLLOWER_PAGE_SIZE });

    fireEvent.click(screen.getByRole('button', { name: '设为房管 球迷小李' }));
    await waitFor(() => expect(screen.getByTestId('admin-count').textContent).toBe('房管 2/10'));
    expect(context.callsTo(LIVE_PATHS.setRoomAdmin)[0]?.params).toEqual({ user_id: 32, type: 1, room_id: 7 });
    expect(within(screen.getByRole('list', { name: '房管' })).getByText('球迷小李')).toBeTruthy();
    // The picked follower now shows as an admin.
    expect(screen.queryByRole('button', { name: '设为房管 球迷小李' })).toBeNull();

    fireEvent.change(search, { target: { value: '没有这个人' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('没有昵称包含“没有这个人”的粉丝')).toBeTruthy();
  });

  it('at the maximum: adding is disabled and the panel says so; a removal enables it again', async () => {
    const context = adminContext([admin(21, '房管甲'), admin(22, '房管乙')], [follower(31, '球迷小王')], 2);
    renderInRemote(context, <RoomAdminsPanel context={context} roomId={7} />);
    expect((await screen.findByTestId('admins-full')).textContent).toBe('房管已满 2 人，移除后才能添加');
    const add = (await screen.findByRole('button', { name: '设为房管 球迷小王' })) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(context.callsTo(LIVE_PATHS.setRoomAdmin)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '移除房管 房管乙' }));
    await waitFor(() => expect(screen.queryByTestId('admins-full')).toBeNull());
    expect((screen.getByRole('button', { name: '设为房管 球迷小王' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a refused addition changes nothing (the API client shows why)', async () => {
    const context = adminContext([], [follower(31, '球迷小王')]);
    context.answers[LIVE_PATHS.setRoomAdmin] = new Error('房管最多 10 人');
    renderInRemote(context, <RoomAdminsPanel context={context} roomId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: '设为房管 球迷小王' }));
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.setRoomAdmin)).toHaveLength(1));
    expect(screen.getByText('还没有房管')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: '设为房管 球迷小王' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('says when the admins cannot be loaded, with a retry', async () => {
    const context = liveContext({ [LIVE_PATHS.roomAdmins]: new Error('down') });
    renderInRemote(context, <RoomAdminsPanel context={context} roomId={7} />);
    expect(await screen.findByText(/房管列表加载失败/)).toBeTruthy();
    context.answers[LIVE_PATHS.roomAdmins] = list([]);
    context.answers[LIVE_PATHS.followerList] = pageOf([]);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('还没有房管')).toBeTruthy();
    expect(await screen.findByText('还没有粉丝')).toBeTruthy();
  });
});
