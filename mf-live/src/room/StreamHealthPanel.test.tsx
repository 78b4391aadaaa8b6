import '../testing/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveContext, renderInRemote } from '../testing/fixtures';
import { STREAM_HEALTH_PATH, type StreamHealth, StreamHealthPanel } from './StreamHealthPanel';

const LIVE: StreamHealth = {
  room_id: 7,
  live: true,
  publishing_since: '2026-11-25T10:00:00.000Z',
  video_codec: 'H.264',
  audio_codec: 'AAC',
  width: 640,
  height: 360,
  fps: 25,
  video_kbps: 498,
  audio_kbps: 64,
  keyframe_interval_s: 2,
  since_last_frame_ms: 40,
  reconnects: 0,
  publishes_today: 1,
  warnings: [],
};
const OFFLINE: StreamHealth = { ...LIVE, live: false, publishing_since: null, video_codec: null, audio_codec: null, width: null, height: null, fps: null, video_kbps: 0, audio_kbps: 0, keyframe_interval_s: null, since_last_frame_ms: null };

const figure = (key: string) => screen.getByTestId(`stream-health-${key}`).textContent;

describe('推流状态 (stream health in the room console)', () => {
  it('shows the figures the server read from the encoder, and says all is well', async () => {
    const context = liveContext({ [STREAM_HEALTH_PATH]: LIVE });
    renderInRemote(context, <StreamHealthPanel context={context} roomId={7} />);
    expect(await screen.findByRole('heading', { level: 3, name: '推流状态' })).toBeTruthy();
    await waitFor(() => expect(figure('resolution')).toBe('640×360'));
    expect(context.callsTo(STREAM_HEALTH_PATH)[0]?.params).toEqual({ room_id: 7 });
    expect(figure('fps')).toBe('25 fps');
    expect(figure('video-kbps')).toBe('498 kbps');
    expect(figure('audio-kbps')).toBe('64 kbps');
    expect(figure('keyframe-interval')).toBe('2 秒');
    expect(figure('codecs')).toBe('H.264 / AAC');
    expect(figure('reconnects')).toBe('0 次');
    expect(figure('since-last-frame')).toBe('40 毫秒');
    expect(screen.getByTestId('stream-health-verdict').textContent).toBe('推流正常');
  });

  it('explains each warning in plain words: a long keyframe interval (viewers wait), a dropping bitrate, a stalled input', async () => {
    const context = liveContext({
      [STREAM_HEALTH_PATH]: { ...LIVE, keyframe_interval_s: 10, since_last_frame_ms: 5_200, reconnects: 2, warnings: ['keyframe_interval_long', 'bitrate_dropping', 'input_stalled'] },
    });
    renderInRemote(context, <StreamHealthPanel context={context} roomId={7} />);
    const keyframe = await screen.findByTestId('stream-health-warning-keyframe_interval_long');
    expect(keyframe.textContent).toBe('关键帧间隔 10 秒，建议设为 2 秒以内：新进来的观众要等到下一个关键帧才能看到画面，间隔越长等得越久，直播延迟也越高。请在推流软件里把关键帧间隔设为 1 或 2 秒。');
    expect(screen.getByTestId('stream-health-warning-bitrate_dropping').textContent).toContain('码率在下降');
    expect(screen.getByTestId('stream-health-warning-input_stalled').textContent).toBe('推流中断：已经 5 秒没有收到画面。请检查推流软件是否在推流、网络是否正常。');
    expect(figure('reconnects')).toBe('2 次');
    expect(figure('since-last-frame')).toBe('5.2 秒');
    expect(screen.getByTestId('stream-health-verdict').getAttribute('role')).toBe('status');
  });

  it('says nothing is pushed yet while offline, then picks the push up on its next poll', async () => {
    const context = liveContext({ [STREAM_HEALTH_PATH]: OFFLINE });
    renderInRemote(context, <StreamHealthPanel context={context} roomId={7} pollMs={50} />);
    expect((await screen.findByTestId('stream-health-offline')).textContent).toContain('还没有收到推流');
    expect(screen.queryByTestId('stream-health-resolution')).toBeNull();
    context.answers[STREAM_HEALTH_PATH] = { ...LIVE, width: 1920, height: 1080 };
    await waitFor(() => expect(figure('resolution')).toBe('1920×1080'));
    expect(context.callsTo(STREAM_HEALTH_PATH).length).toBeGreaterThanOrEqual(2);
  });

  it('stops asking after a failure (the API client said why once) and asks again on retry', async () => {
    const context = liveContext({ [STREAM_HEALTH_PATH]: new Error('只有房主和房管可以查看推流状态') });
    renderInRemote(context, <StreamHealthPanel context={context} roomId={7} pollMs={20} />);
    expect(await screen.findByText('推流状态加载失败')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(context.callsTo(STREAM_HEALTH_PATH)).toHaveLength(1);
    context.answers[STREAM_HEALTH_PATH] = LIVE;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(figure('fps')).toBe('25 fps'));
  });
});
