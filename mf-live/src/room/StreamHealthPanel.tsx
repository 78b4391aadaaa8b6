import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, type RemoteContext } from '@sports/shared';
import { ConsoleNote } from './ownerConsoleUi';

/** `GET api/Live/streamHealth?room_id=` (server/src/live/media/streamHealth): the owner's and admins' view of the incoming stream. */
export const STREAM_HEALTH_PATH = 'api/Live/streamHealth';
/** The console asks this often while it is open. */
export const STREAM_HEALTH_POLL_MS = 2_000;
/** Over this many seconds between keyframes the server advises a shorter interval (streamObserver.ts). */
const KEYFRAME_ADVISED_SECONDS = 2;

export type StreamHealthWarning = 'keyframe_interval_long' | 'bitrate_dropping' | 'input_stalled';

/** The answer (the server's StreamHealthSchema). */
export interface StreamHealth {
  room_id: number;
  live: boolean;
  publishing_since: string | null;
  video_codec: string | null;
  audio_codec: string | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  video_kbps: number;
  audio_kbps: number;
  keyframe_interval_s: number | null;
  since_last_frame_ms: number | null;
  reconnects: number;
  publishes_today: number;
  warnings: StreamHealthWarning[];
}

export const streamHealthCopy = {
  heading: '推流状态',
  loading: '加载中…',
  offline: '还没有收到推流。用推流软件推到上面的推流地址后，这里会显示画面和网络情况。',
  healthy: '推流正常',
  failed: '推流状态加载失败',
  retry: '重试',
  unknown: '—',
  resolution: '分辨率',
  fps: '帧率',
  videoBitrate: '视频码率',
  audioBitrate: '音频码率',
  keyframeInterval: '关键帧间隔',
  codecs: '编码',
  reconnects: '本场重连',
  publishesToday: '今日推流',
  sinceLastFrame: '距上一帧',
  size: (width: number, height: number) => `${width}×${height}`,
  fpsValue: (fps: number) => `${fps} fps`,
  kbps: (kbps: number) => `${kbps} kbps`,
  seconds: (seconds: number) => `${seconds} 秒`,
  times: (count: number) => `${count} 次`,
  ms: (ms: number) => (ms < 1_000 ? `${ms} 毫秒` : `${(ms / 1_000).toFixed(1)} 秒`),
  keyframeWarning: (seconds: number | null) =>
    `关键帧间隔${seconds === null ? '' : ` ${seconds} 秒`}，建议设为 ${KEYFRAME_ADVISED_SECONDS} 秒以内：新进来的观众要等到下一个关键帧才能看到画面，间隔越长等得越久，直播延迟也越高。请在推流软件里把关键帧间隔设为 1 或 2 秒。`,
  bitrateWarning: '码率在下降：最近几秒不到之前平均的一半，观众可能看到卡顿或模糊。请检查上行网络，或推流软件的码率设置。',
  stalledWarning: (ms: number | null) =>
    `推流中断：${ms === null ? '还没有' : `已经 ${Math.floor(ms / 1_000)} 秒没有`}收到画面。请检查推流软件是否在推流、网络是否正常。`,
};

const Figures = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 8px 0 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

const Warnings = styled.ul`
  margin: 8px 0 0;
  padding-left: 20px;
  color: ${({ theme }) => theme.colors.danger};
`;

type Load = { status: 'loading' } | { status: 'ready'; data: StreamHealth } | { status: 'failed' };

/**
 * Asks for the room's stream health now and every `pollMs` while mounted (a hidden tab skips its
 * turns). A failed call stops the polling (the API client has said why once, not every 2 s) and
 * offers a retry.
 */
function useStreamHealth(context: RemoteContext, roomId: number, pollMs: number) {
  const [state, setState] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      if (typeof document === 'undefined' || !document.hidden) {
        try {
          const data = await context.api.get<StreamHealth>(STREAM_HEALTH_PATH, { room_id: roomId });
          if (stopped) return;
          setState({ status: 'ready', data });
        } catch {
          if (!stopped) setState({ status: 'failed' });
          return;
        }
      }
      if (!stopped) timer = setTimeout(() => void ask(), pollMs);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [context, roomId, pollMs, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((current) => current + 1);
  };
  return { state, retry };
}

export interface StreamHealthPanelProps {
  context: RemoteContext;
  roomId: number;
  pollMs?: number;
}

/**
 * 推流状态 in the room console: what the ingest reads from the anchor's encoder (resolution, frame
 * rate, bitrates, keyframe interval, codecs, reconnects) and, in plain words, what is wrong and
 * what to change: a keyframe interval over 2 s, a dropping bitrate, a stalled input.
 */
export function StreamHealthPanel({ context, roomId, pollMs = STREAM_HEALTH_POLL_MS }: StreamHealthPanelProps) {
  const { state, retry } = useStreamHealth(context, roomId, pollMs);
  const headingId = `stream-health-${roomId}`;
  const copy = streamHealthCopy;

  return (
    <section aria-labelledby={headingId} data-testid="stream-health">
      <h3 id={headingId}>{copy.heading}</h3>
      {state.status === 'loading' && <ConsoleNote role="status">{copy.loading}</ConsoleNote>}
      {state.status === 'failed' && (
        <ConsoleNote>
          {copy.failed}{' '}
          <Button onClick={retry}>
            {copy.retry}
          </Button>
        </ConsoleNote>
      )}
      {state.status === 'ready' && <HealthFigures health={state.data} />}
    </section>
  );
}

function HealthFigures({ health }: { health: StreamHealth }) {
  const copy = streamHealthCopy;
  if (!health.live) {
    return (
      <>
        <ConsoleNote data-testid="stream-health-offline">{copy.offline}</ConsoleNote>
        {health.publishes_today > 0 && <ConsoleNote>{`${copy.publishesToday} ${copy.times(health.publishes_today)}`}</ConsoleNote>}
      </>
    );
  }
  const or = <T,>(value: T | null, show: (value: T) => string) => (value === null ? copy.unknown : show(value));
  const codecs = [health.video_codec, health.audio_codec].filter((codec): codec is string => codec !== null).join(' / ') || copy.unknown;
  const rows: [string, string, string][] = [
    ['resolution', copy.resolution, health.width !== null && health.height !== null ? copy.size(health.width, health.height) : copy.unknown],
    ['fps', copy.fps, or(health.fps, copy.fpsValue)],
    ['video-kbps', copy.videoBitrate, copy.kbps(health.video_kbps)],
    ['audio-kbps', copy.audioBitrate, copy.kbps(health.audio_kbps)],
    ['keyframe-interval', copy.keyframeInterval, or(health.keyframe_interval_s, copy.seconds)],
    ['codecs', copy.codecs, codecs],
    ['reconnects', copy.reconnects, copy.times(health.reconnects)],
    ['publishes-today', copy.publishesToday, copy.times(health.publishes_today)],
    ['since-last-frame', copy.sinceLastFrame, or(health.since_last_frame_ms, copy.ms)],
  ];
  const warnings = health.warnings.map((warning) => {
    if (warning === 'keyframe_interval_long') return { warning, text: copy.keyframeWarning(health.keyframe_interval_s) };
    if (warning === 'bitrate_dropping') return { warning, text: copy.bitrateWarning };
    return { warning, text: copy.stalledWarning(health.since_last_frame_ms) };
  });
  return (
    <>
      <Figures aria-label={copy.heading}>
        {rows.map(([key, label, value]) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd data-testid={`stream-health-${key}`}>{value}</dd>
          </div>
        ))}
      </Figures>
      <div role="status" aria-live="polite" data-testid="stream-health-verdict">
        {warnings.length === 0 ? (
          <ConsoleNote>{copy.healthy}</ConsoleNote>
        ) : (
          <Warnings>
            {warnings.map(({ warning, text }) => (
              <li key={warning} data-testid={`stream-health-warning-${warning}`}>
                {text}
              </li>
            ))}
          </Warnings>
        )}
      </div>
    </>
  );
}
