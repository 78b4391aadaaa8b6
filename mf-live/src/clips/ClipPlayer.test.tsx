import '../testing/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { liveContext, renderInRemote } from '../testing/fixtures';
import { ClipPlayer, clipStillThere } from './ClipPlayer';

describe('ClipPlayer', () => {
  it('is a named inline video with controls, metadata preload and the thumbnail as poster', () => {
    const context = liveContext({});
    renderInRemote(context, <ClipPlayer src="/media/clips/7.mp4" poster="/media/clips/7.jpg" title="进球！曼城 2-1 阿森纳 67'" />);
    const video = screen.getByLabelText("回放：进球！曼城 2-1 阿森纳 67'");
    expect(video.tagName).toBe('VIDEO');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.getAttribute('poster')).toBe('/media/clips/7.jpg');
    expect(video.getAttribute('src')).toBe('/media/clips/7.mp4');
  });

  it('a clip deleted while it plays shows 该回放已删除 instead of a broken player', async () => {
    const context = liveContext({});
    const check = vi.fn(async () => 'gone' as const);
    renderInRemote(context, <ClipPlayer src="/media/clips/7.mp4" poster={null} title="t" check={check} />);
    fireEvent.error(screen.getByTestId('clip-player'));
    expect((await screen.findByRole('status')).textContent).toContain('该回放已删除');
    expect(screen.queryByTestId('clip-player')).toBeNull();
    expect(check).toHaveBeenCalledOnce();
  });

  it('another failure is announced with 重试, which brings the video back (keyboard)', async () => {
    const context = liveContext({});
    renderInRemote(context, <ClipPlayer src="/media/clips/7.mp4" poster={null} title="t" check={async () => 'unknown'} />);
    fireEvent.error(screen.getByTestId('clip-player'));
    expect((await screen.findByRole('alert')).textContent).toContain('回放暂时无法播放');
    const retry = screen.getByRole('button', { name: '重试' });
    retry.focus();
    expect(document.activeElement).toBe(retry);
    fireEvent.click(retry);
    expect(screen.getByTestId('clip-player')).toBeTruthy();
  });

  it('deleted up front shows the note', () => {
    renderInRemote(liveContext({}), <ClipPlayer src="/x.mp4" poster={null} title="t" deleted />);
    expect(screen.getByTestId('clip-deleted').textContent).toContain('该回放已删除');
  });
});

describe('clipStillThere', () => {
  it('asks quietly: a refusal is gone, a network failure unknown, 200 there', async () => {
    const context = liveContext({});
    const envelope = vi.fn();
    context.api.envelope = envelope;
    envelope.mockResolvedValueOnce({ code: 200, msg: '', data: {} });
    expect(await clipStillThere(context.api, 7)).toBe('there');
    envelope.mockResolvedValueOnce({ code: 404, msg: '回放不存在', data: null });
    expect(await clipStillThere(context.api, 7)).toBe('gone');
    envelope.mockRejectedValueOnce(new Error('offline'));
    expect(await clipStillThere(context.api, 7)).toBe('unknown');
    await waitFor(() => expect(envelope).toHaveBeenCalledWith({ method: 'GET', url: 'api/Clip/info', params: { id: 7 } }));
  });
});
