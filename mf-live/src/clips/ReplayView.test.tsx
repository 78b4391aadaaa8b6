import '../testing/setup';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RemoteRoot, type ReplayInfo } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import type { StartEngine } from '../player/engines';
import { routes } from '../routes';
import { replayFixture } from '../testing/clips';
import { liveContext } from '../testing/fixtures';
import { durationText } from './clipCopy';
import { ReplayView } from './ReplayView';

function info(overrides: Partial<ReplayInfo['replay']> = {}): ReplayInfo {
  return {
    replay: replayFixture(overrides),
    playlist_url: '/replay/61/index.m3u8',
    markers: [
      { at_ms: 1_380_000, kind: 'goal', label: "23' 进球 阿森纳 1-0", clip_id: 41 },
      { at_ms: 4_200_000, kind: 'red_card', label: "70' 红牌 切尔西", clip_id: null },
    ],
  };
}

function replayContext(answer: ReplayInfo | null, answers: Record<string, unknown> = {}) {
  const context = liveContext(answers);
  context.api.envelope = vi.fn(async () => (answer ? { code: 200, msg: '', data: answer } : { code: 404, msg: '回放不存在', data: null })) as typeof context.api.envelope;
  return context;
}

/** A fake HLS engine recording what it was asked to play. */
function fakeEngine() {
  const started: { url: string; destroyed: boolean; fail: (why: string) => void }[] = [];
  const engine: StartEngine = async (_video, url, callbacks) => {
    const run = { url, destroyed: false, fail: callbacks.onFatal };
    started.push(run);
    return { destroy: () => void (run.destroyed = true) };
  };
  return { engine, started };
}

function renderReplay(context: ReturnType<typeof liveContext>, engine: StartEngine) {
  return render(
    <RemoteRoot context={context}>
      <ReplayView context={context} replayId={61} engine={engine} />
    </RemoteRoot>,
  );
}

describe('the replay page (#/clip?replay=)', () => {
  it('plays the playlist through the HLS engine, with the match’s events as named seek buttons', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { engine, started } = fakeEngine();
    renderReplay(replayContext(info()), engine);
    const video = (await screen.findByTestId('replay-player')) as HTMLVideoElement;
    await waitFor(() => expect(started.map((run) => run.url)).toEqual(['/replay/61/index.m3u8']));
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('poster')).toBe('/media/replays/61.jpg');
    const events = screen.getByRole('list', { name: '比赛事件' });
    const goal = within(events).getByRole('button', { name: "跳到 23' 进球 阿森纳 1-0" });
    goal.focus();
    fireEvent.click(goal);
    expect(video.currentTime).toBe(1_380);
    expect(play).toHaveBeenCalled();
    play.mockRestore();
    expect(within(events).getAllByRole('button')).toHaveLength(2);
    // The markers sit along the bar where they happened (decoration: hidden from screen readers).
    const dots = screen.getByTestId('replay-markers').querySelectorAll<HTMLElement>('.dot');
    expect([...dots].map((dot) => Math.round(parseFloat(dot.style.left)))).toEqual([19, 58]);
    expect(screen.getByTestId('replay-markers').querySelector('.track')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('link', { name: '进入直播间' }).getAttribute('href')).toBe('#/live?id=7');
    expect(screen.getByTestId('replay-page').querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-06T11:00:00.000Z');
    expect(screen.getByText('2小时00分')).toBeTruthy();
  });

  it('an engine failure is announced with 重试, which starts it again', async () => {
    const { engine, started } = fakeEngine();
    renderReplay(replayContext(info()), engine);
    await waitFor(() => expect(started).toHaveLength(1));
    started[0]?.fail('network');
    expect((await screen.findByRole('alert')).textContent).toContain('回放暂时无法播放');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(started).toHaveLength(2));
  });

  it('a replay still recording says so; a missing one says it is gone', async () => {
    const { engine } = fakeEngine();
    renderReplay(replayContext(info({ status: 'recording', ended_at: null })), engine);
    expect(await screen.findByText('直播中，结束后生成回放')).toBeTruthy();
    expect(screen.queryByTestId('replay-player')).toBeNull();
  });

  it('opens from the route: #/clip?replay=61', async () => {
    renderRemotePage(routes, 'clip', { replay: '61' }, replayContext(null));
    expect(await screen.findByText('回放不存在或已删除')).toBeTruthy();
  });

  it('its anchor hides it (隐藏回放 pressed) and shows it again', async () => {
    const { engine } = fakeEngine();
    const context = replayContext(info({ can_edit: 1 }), { [LIVE_PATHS.replayUpdate]: (body: unknown) => replayFixture({ can_edit: 1, status: (body as { hidden: 0 | 1 }).hidden === 1 ? 'hidden' : 'ready' }) });
    renderReplay(context, engine);
    const hide = await screen.findByRole('button', { name: '隐藏回放' });
    expect(hide.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(hide);
    await waitFor(() => expect(screen.getByRole('button', { name: '隐藏回放' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByText('已隐藏（仅自己可见）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '隐藏回放' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '隐藏回放' }).getAttribute('aria-pressed')).toBe('false'));
    expect(context.callsTo(LIVE_PATHS.replayUpdate).map((call) => call.params)).toEqual([
      { id: 61, hidden: 1 },
      { id: 61, hidden: 0 },
    ]);
  });

  it('its anchor deletes it after confirming; 取消 gives focus back', async () => {
    const { engine } = fakeEngine();
    const context = replayContext(info({ can_edit: 1 }), { [LIVE_PATHS.replayDelete]: null });
    renderReplay(context, engine);
    fireEvent.click(await screen.findByRole('button', { name: '删除回放' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '确定删除' }));
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '删除回放' }));
    fireEvent.click(screen.getByRole('button', { name: '删除回放' }));
    fireEvent.click(screen.getByRole('button', { name: '确定删除' }));
    expect((await screen.findByTestId('replay-removed')).textContent).toBe('直播回放已删除');
    expect(context.callsTo(LIVE_PATHS.replayDelete)[0]?.params).toEqual({ id: 61 });
  });

  it('not the anchor: no hide, no delete', async () => {
    renderReplay(replayContext(info()), fakeEngine().engine);
    await screen.findByTestId('replay-page');
    expect(screen.queryByRole('button', { name: '隐藏回放' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除回放' })).toBeNull();
  });

  it('says lengths as people do', () => {
    expect(durationText(7_200_000)).toBe('2小时00分');
    expect(durationText(750_000)).toBe('12分30秒');
    expect(durationText(45_000)).toBe('45秒');
  });
});
