import '../testing/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Clip } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { routes } from '../routes';
import { clipFixture } from '../testing/clips';
import { MEMBER, liveContext, logIn } from '../testing/fixtures';
import { shareUrl } from './ClipView';

/** A context whose quiet `api/Clip/info` answers `clip` (null: not found), other calls from `answers`. */
function clipContext(clip: Clip | null | (() => Clip | null), answers: Record<string, unknown> = {}) {
  const context = liveContext(answers);
  context.api.envelope = vi.fn(async () => {
    const value = typeof clip === 'function' ? clip() : clip;
    return value ? { code: 200, msg: '', data: value } : { code: 404, msg: '回放不存在', data: null };
  }) as typeof context.api.envelope;
  return context;
}

function openPage(context: ReturnType<typeof liveContext>, id = '31') {
  return renderRemotePage(routes, 'clip', { id }, context);
}

afterEach(() => vi.useRealTimers());

describe('the clip page (#/clip?id=)', () => {
  it('shows the player, title, kind and minute, match, anchor with the room link and the China time', async () => {
    openPage(clipContext(clipFixture()));
    const page = await screen.findByTestId('clip-page');
    expect(screen.getByRole('heading', { name: "进球！曼城 2-1 阿森纳 67'" })).toBeTruthy();
    expect(screen.getByTestId('clip-player').getAttribute('src')).toBe('/media/clips/31.mp4');
    expect(page.textContent).toContain('进球回放');
    expect(screen.getByRole('link', { name: '查看比赛' }).getAttribute('href')).toBe('#/score-detail?id=900');
    expect(screen.getByRole('link', { name: '进入直播间' }).getAttribute('href')).toBe('#/live?id=7');
    const time = page.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-12-06T12:07:00.000Z');
    expect(time?.textContent).toContain('20:07');
    // Not the viewer's: no rename, no delete.
    expect(screen.queryByRole('button', { name: '改标题' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('复制链接 copies an address a guest can open and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openPage(clipContext(clipFixture()));
    fireEvent.click(await screen.findByRole('button', { name: '复制链接' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${window.location.pathname}#/clip?id=31`));
    expect((await screen.findByText('链接已复制')).getAttribute('role')).toBe('status');
  });

  it('without a clipboard, the address is shown to copy by hand', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    openPage(clipContext(clipFixture()));
    fireEvent.click(await screen.findByRole('button', { name: '复制链接' }));
    expect((await screen.findByText(/复制失败，请手动复制/)).textContent).toContain('#/clip?id=31');
  });

  it('the share link of the phone site stays on /h5', () => {
    expect(shareUrl(5, { origin: 'https://example.com', pathname: '/h5/' })).toBe('https://example.com/h5/#/clip?id=5');
  });

  it('a missing clip says 回放不存在或已删除; a bad id too', async () => {
    openPage(clipContext(null));
    expect((await screen.findByText('回放不存在或已删除')).getAttribute('role')).toBe('status');
  });

  it('a clip still being cut says so and is asked for again until ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = clipFixture({ status: 'cutting', video_url: null, thumb_url: null });
    openPage(clipContext(() => current));
    expect(await screen.findByText('回放生成中，请稍后再看')).toBeTruthy();
    current = clipFixture();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_100);
    });
    expect(await screen.findByTestId('clip-player')).toBeTruthy();
  });

  it('a clip hidden by ops (ready, no files) tells its owner so', async () => {
    openPage(clipContext(clipFixture({ can_edit: 1, video_url: null, thumb_url: null })));
    expect((await screen.findByTestId('clip-hidden')).textContent).toBe('该回放已被管理员隐藏，仅你可见');
    expect(screen.queryByTestId('clip-player')).toBeNull();
  });

  it('a failed clip says why', async () => {
    openPage(clipContext(clipFixture({ status: 'failed', video_url: null, failure: '磁盘已满，回放生成失败' })));
    expect((await screen.findByRole('alert')).textContent).toBe('磁盘已满，回放生成失败');
  });

  it('its owner renames it (trimmed; empty refused, announced) and focus comes back to 改标题', async () => {
    const context = clipContext(clipFixture({ can_edit: 1 }), { [LIVE_PATHS.clipUpdate]: (params: unknown) => clipFixture({ can_edit: 1, title: (params as { title: string }).title }) });
    openPage(context);
    fireEvent.click(await screen.findByRole('button', { name: '改标题' }));
    const input = screen.getByLabelText('回放标题');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('form', { name: '改标题' }));
    expect((await screen.findByRole('alert')).textContent).toContain('标题不能为空');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: ' 绝杀 ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('heading', { name: '绝杀' })).toBeTruthy();
    expect(context.callsTo(LIVE_PATHS.clipUpdate)[0]?.params).toEqual({ id: 31, title: '绝杀' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '改标题' }));
  });

  it('its owner deletes it after confirming (focus on 确定删除; 取消 gives it back)', async () => {
    const context = clipContext(clipFixture({ can_edit: 1 }), { [LIVE_PATHS.clipDelete]: null });
    openPage(context);
    fireEvent.click(await screen.findByRole('button', { name: '删除' }));
    const question = screen.getByRole('group', { name: /确定删除这段回放/ });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: '确定删除' }));
    fireEvent.click(within(question).getByRole('button', { name: '取消' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '删除' }));
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    fireEvent.click(screen.getByRole('button', { name: '确定删除' }));
    expect((await screen.findByTestId('clip-removed')).textContent).toBe('回放已删除');
    expect(context.callsTo(LIVE_PATHS.clipDelete)[0]?.params).toEqual({ id: 31 });
    expect(screen.queryByTestId('clip-player')).toBeNull();
  });

  it('a clip deleted elsewhere while it plays shows 该回放已删除', async () => {
    let there = true;
    openPage(clipContext(() => (there ? clipFixture() : null)));
    const video = await screen.findByTestId('clip-player');
    there = false;
    fireEvent.error(video);
    expect((await screen.findByTestId('clip-deleted')).textContent).toBe('该回放已删除');
  });

  it('举报: a guest is asked to log in; a member picks a reason and reports the clip (kind clip)', async () => {
    const context = clipContext(clipFixture(), { [LIVE_PATHS.report]: { id: 1 } });
    const login = vi.fn();
    context.eventBus.on('login:open', login);
    openPage(context);
    fireEvent.click(await screen.findByRole('button', { name: '举报' }));
    expect(login).toHaveBeenCalled();
    logIn(context, MEMBER);
    fireEvent.click(screen.getByRole('button', { name: '举报' }));
    const reason = screen.getByLabelText('举报原因');
    expect(document.activeElement).toBe(reason);
    fireEvent.change(reason, { target: { value: 'abuse' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByText('已举报，我们会尽快处理')).getAttribute('role')).toBe('status');
    expect(context.callsTo(LIVE_PATHS.report)[0]?.params).toEqual({ kind: 'clip', target_id: '31', reason: 'abuse' });
  });
});
