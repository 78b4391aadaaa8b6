import '../testing/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LIVE_PATHS } from '../api/liveApi';
import { liveContext, renderInRemote, type Params } from '../testing/fixtures';
import { RoomCategoryForm } from './RoomCategoryForm';

describe('room category (owner console)', () => {
  it('offers the four room types, saves the chosen one with updateLive and reports it', async () => {
    const context = liveContext({ [LIVE_PATHS.updateLive]: (params: Params) => ({ room_id: 7, type: params?.type }) });
    const onChanged = vi.fn();
    renderInRemote(context, <RoomCategoryForm context={context} roomId={7} type={1} onChanged={onChanged} />);
    expect(screen.getByRole('heading', { level: 3, name: '直播分类' })).toBeTruthy();
    const select = screen.getByRole('combobox', { name: '直播分类' }) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([['1', '足球'], ['2', '篮球'], ['3', '电竞'], ['4', '综合']]);
    expect(select.value).toBe('1');
    const save = screen.getByRole('button', { name: '保存分类' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(select, { target: { value: '3' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith({ type: 3 }));
    expect(context.callsTo(LIVE_PATHS.updateLive)[0]?.params).toEqual({ room_id: 7, type: 3 });
  });
});
