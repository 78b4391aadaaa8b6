import { Counter, Gauge, Histogram, type Metric } from 'prom-client';

/**
 * The clips' Prometheus series (registered on /metrics by the observability domain):
 * clips cut (by kind), failures (by reason), the cut's latency (ffmpeg join, store), the delay
 * from the span's end to a playable clip, and bytes written.
 */
export class ClipMetrics {
  readonly cut = new Counter({ name: 'sports_clips_cut_total', help: 'Clips cut and playable, by kind', labelNames: ['kind'] as const, registers: [] });
  readonly failures = new Counter({
    name: 'sports_clip_failures_total',
    help: 'Clips that failed, by reason (nothing_kept, disk_full, ffmpeg, interrupted)',
    labelNames: ['reason'] as const,
    registers: [],
  });
  readonly cutSeconds = new Histogram({
    name: 'sports_clip_cut_seconds',
    help: 'Time to join a clip by stream copy and store it (from the start of the cut to ready)',
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
    registers: [],
  });
  readonly readyDelaySeconds = new Histogram({
    name: 'sports_clip_ready_delay_seconds',
    help: 'From the end of the span a clip shows to the clip being playable (waiting for the archive included)',
    buckets: [1, 2, 4, 6, 8, 10, 15, 20, 30, 60],
    registers: [],
  });
  readonly bytes = new Counter({ name: 'sports_clip_bytes_written_total', help: 'Bytes of clip files (MP4 and thumbnail) written', registers: [] });
  readonly cutting = new Gauge({ name: 'sports_clips_cutting', help: 'Clips being cut on this node now', registers: [] });

  all(): Metric[] {
    return [this.cut, this.failures, this.cutSeconds, this.readyDelaySeconds, this.bytes, this.cutting];
  }
}
