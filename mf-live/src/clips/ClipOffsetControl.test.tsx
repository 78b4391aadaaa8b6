import '../testing/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIVE_PATHS } from '../api/liveApi';
import { liveContext, renderInRemote } from '../testing/fixtures';
import { ClipOffsetControl, parseOffset } from './ClipOffsetControl';

function ownRoom(offset?: number) {
  return [{ room_id: 7, title: '英超直播', ...(offset === undefined ? {} : { clip_offset_seconds: offset }) }];
}

describe('the owner console clip offset (回放时间校准)', () => {
  it('shows the room’s offset in a labelled number field (−60…60), default 0', async () => {
    renderInRemote(liveContext({ [LIVE_PATHS.roomList]: ownRoom() }), <ClipOffsetControl context={liveContext({ [LIVE_PATHS.roomList]: ownRoom() })} roomId={7} />);
    const input = screen.getByLabelText('画面相对数据的偏移（秒）') as HTMLInputElement;
    expect(input.type).toBe('number');
    expect(input.min).toBe('-60');
    expect(input.max).toBe('60');
    await waitFor(() => expect(input.value).toBe('0'));
  });

  it('saves a new offset (Enter submits) and announces it', async () => {
    const context = liveContext({ [LIVE_PATHS.roomList]: ownRoom(5), [LIVE_PATHS.setClipOffset]: { room_id: 7, clip_offset_seconds: -12 } });
    renderInRemote(context, <ClipOffsetControl context={context} roomId={7} />);
    const input = screen.getByLabelText('画面相对数据的偏移（秒）') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('5'));
    fireEvent.change(input, { target: { value: '-12' } });
    fireEvent.submit(screen.getByRole('form', { name: '回放时间校准' }));
    expect((await screen.findByRole('status')).textContent).toBe('已保存：-12 秒');
    expect(context.callsTo(LIVE_PATHS.setClipOffset)[0]?.params).toEqual({ room_id: 7, clip_offset_seconds: -12 });
  });

  it('refuses an offset out of range, marks the field invalid and sends nothing', async () => {
    const context = liveContext({ [LIVE_PATHS.roomList]: ownRoom(0) });
    renderInRemote(context, <ClipOffsetControl context={context} roomId={7} />);
    const input = screen.getByLabelText('画面相对数据的偏移（秒）');
    await waitFor(() => expect((screen.getByRole('button', { name: '保存偏移' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(input, { target: { value: '61' } });
    fireEvent.click(screen.getByRole('button', { name: '保存偏移' }));
    expect(screen.getByRole('alert').textContent).toContain('请输入 −60 到 60 之间的整数');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(context.callsTo(LIVE_PATHS.setClipOffset)).toHaveLength(0);
  });

  it('parses whole seconds within the range only', () => {
    expect(parseOffset('0')).toBe(0);
    expect(parseOffset('−60')).toBe(-60);
    expect(parseOffset('+60')).toBe(60);
    expect(parseOffset('60.5')).toBeNull();
    expect(parseOffset('-61')).toBeNull();
    expect(parseOffset('')).toBeNull();
  });
});
