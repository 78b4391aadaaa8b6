import '../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveContext, renderInRemote } from '../testing/fixtures';
import { MEDAL_PATHS } from './medalApi';
import { MedalNameControl } from './MedalNameControl';
import { RoomFansButton } from './RoomFansList';

const fan = (rank: number, intimacy: number, level: number, lit: 0 | 1) => ({ rank, user_id: 100 + rank, user_nickname: `粉丝${rank}`, avatar: '', intimacy, level, lit });

describe('the room\'s fans list (粉丝榜) and the anchor\'s medal name', () => {
  it('粉丝榜 opens and loads the anchor\'s fans, highest first with their medal; 加载更多 follows the cursor', async () => {
    const context = liveContext({
      [MEDAL_PATHS.roomFans]: (params: Record<string, unknown> | undefined) =>
        params?.cursor === undefined
          ? { anchor_id: 1100, name: '老李团', named: 1, total: 3, list: [fan(1, 120, 5, 1), fan(2, 40, 3, 0)], next_cursor: '40.102.2' }
          : { anchor_id: 1100, name: '老李团', named: 1, total: 3, list: [fan(3, 5, 1, 1)], next_cursor: null },
    });
    renderInRemote(context, <RoomFansButton context={context} anchorId={1100} />);
    expect(context.callsTo(MEDAL_PATHS.roomFans)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '粉丝榜' }));
    const list = await screen.findByRole('list', { name: '粉丝榜 · 老李团' });
    const rows = within(list).getAllByTestId('fan-row');
    expect(rows.map((row) => row.textContent)).toEqual(['第1名老李团5粉丝1亲密度 120', '第2名老李团3粉丝2亲密度 40']);
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: '粉丝勋章 老李团 3级（已熄灭）' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(list).getAllByTestId('fan-row')).toHaveLength(3));
    expect(context.callsTo(MEDAL_PATHS.roomFans)[1]?.params).toMatchObject({ anchor_id: 1100, cursor: '40.102.2' });
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('the anchor sets the medal name: 2-4 characters checked before sending, the saved name announced', async () => {
    const context = liveContext({
      [MEDAL_PATHS.roomFans]: { anchor_id: 1100, name: '主播老', named: 0, total: 0, list: [], next_cursor: null },
      [MEDAL_PATHS.setName]: { anchor_id: 1100, name: '老李团' },
    });
    renderInRemote(context, <MedalNameControl context={context} anchorId={1100} />);
    fireEvent.click(screen.getByRole('button', { name: '设置粉丝勋章' }));
    expect((await screen.findByTestId('medal-name-current')).textContent).toBe('当前为默认名称：主播老');
    const input = screen.getByLabelText('勋章名称');
    fireEvent.change(input, { target: { value: '老李粉丝团' } });
    fireEvent.click(screen.getByRole('button', { name: '保存名称' }));
    expect(screen.getByRole('alert').textContent).toContain('勋章名称需为 2-4 个字');
    expect(context.callsTo(MEDAL_PATHS.setName)).toHaveLength(0);
    fireEvent.change(input, { target: { value: ' 老李团 ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存名称' }));
    await waitFor(() => expect(context.callsTo(MEDAL_PATHS.setName)[0]?.params).toEqual({ name: '老李团' }));
    expect(await screen.findByText('当前名称：老李团')).toBeDefined();
  });
});
