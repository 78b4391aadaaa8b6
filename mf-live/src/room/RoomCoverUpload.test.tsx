import '../testing/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UploadToken } from '@sports/shared';
import { LIVE_PATHS } from '../api/liveApi';
import { liveContext, renderInRemote, type Params } from '../testing/fixtures';
import { COVER_MAX_BYTES, RoomCoverUpload } from './RoomCoverUpload';

const TOKEN: UploadToken = { token: 'up_1', uploadUrl: '/api/upload', expiresAt: '2026-11-22T12:10:00Z', maxBytes: COVER_MAX_BYTES, allowedTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] };
const STORED = '/uploads/0123456789abcdef0123456789abcdef.png';

function coverContext(token: UploadToken = TOKEN) {
  return liveContext({
    [LIVE_PATHS.uploadToken]: token,
    [LIVE_PATHS.upload]: { url: STORED },
    [LIVE_PATHS.updateLive]: (params: Params) => ({ room_id: 7, cover: params?.cover }),
  });
}

const choose = (file: File) => fireEvent.change(screen.getByLabelText('上传封面'), { target: { files: [file] } });
const png = (size = 10) => new File([new Uint8Array(size)], 'cover.png', { type: 'image/png' });

describe('room cover (owner console)', () => {
  it('shows the current cover; an image goes token → multipart upload → updateLive with its address', async () => {
    const context = coverContext();
    const onChanged = vi.fn();
    renderInRemote(context, <RoomCoverUpload context={context} roomId={7} cover="/uploads/old.jpg" onChanged={onChanged} />);
    expect((screen.getByRole('img', { name: '当前封面' }) as HTMLImageElement).getAttribute('src')).toBe('/uploads/old.jpg');
    const input = screen.getByTestId('cover-input') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/webp,image/gif');
    expect(screen.getByText('支持 PNG、JPG、WebP、GIF 图片，不超过 2 MB')).toBeTruthy();

    const file = png();
    choose(file);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith({ cover: STORED }));
    const form = context.callsTo(LIVE_PATHS.upload)[0]?.params as unknown as FormData;
    expect(form.get('token')).toBe('up_1');
    expect(form.get('file')).toBeInstanceOf(File);
    expect(context.callsTo(LIVE_PATHS.updateLive)[0]?.params).toEqual({ room_id: 7, cover: STORED });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says 暂无封面 without a cover, and shows no image for an address it would not load', () => {
    const context = coverContext();
    const { unmount } = renderInRemote(context, <RoomCoverUpload context={context} roomId={7} cover="" onChanged={() => undefined} />);
    expect(screen.getByText('暂无封面')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    unmount();
    renderInRemote(context, <RoomCoverUpload context={context} roomId={7} cover="javascript:alert(1)" onChanged={() => undefined} />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('refuses a non-image and a file over the limit before asking the server', async () => {
    const context = coverContext();
    renderInRemote(context, <RoomCoverUpload context={context} roomId={7} cover="" onChanged={() => undefined} />);
    choose(new File(['%PDF-1.7'], 'cover.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('只能上传 PNG、JPG、WebP 或 GIF 图片');
    choose(new File(['<svg/>'], 'cover.svg', { type: 'image/svg+xml' }));
    expect(screen.getByRole('alert').textContent).toBe('只能上传 PNG、JPG、WebP 或 GIF 图片');
    choose(png(COVER_MAX_BYTES + 1));
    expect(screen.getByRole('alert').textContent).toBe('图片不能超过 2 MB');
    expect(context.calls).toHaveLength(0);
  });

  it("follows the token's limits when the server's are tighter, and stays put when the upload is refused", async () => {
    const context = coverContext({ ...TOKEN, maxBytes: 1024 * 1024 });
    const onChanged = vi.fn();
    renderInRemote(context, <RoomCoverUpload context={context} roomId={7} cover="" onChanged={onChanged} />);
    choose(png(1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toBe('图片不能超过 1 MB');
    expect(context.callsTo(LIVE_PATHS.upload)).toHaveLength(0);

    context.answers[LIVE_PATHS.upload] = new Error('只能上传图片');
    choose(png());
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.upload)).toHaveLength(1));
    await waitFor(() => expect((screen.getByLabelText('上传封面') as HTMLInputElement).disabled).toBe(false));
    // The API client toasts the server's reason; the cover is not changed.
    expect(context.callsTo(LIVE_PATHS.updateLive)).toHaveLength(0);
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
