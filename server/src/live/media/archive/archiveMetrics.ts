import { Counter, Gauge, type Registry } from 'prom-client';
import type { ArchiveFailureReason } from './archiveStats';
import type { MediaArchive } from './mediaArchive';

/**
 * The archive's Prometheus series (read at scrape time from the archive's plain numbers):
 * - `sports_media_bytes_stored` and `sports_media_quota_bytes`: what the media storage holds (replays and clips) and may hold;
 * - `sports_media_segments_archived_total`: HLS segments kept on this node;
 * - `sports_media_archive_failures_total{reason}`: segments not kept: `quota` / `disk_full` (the
 *   broadcast's recording stopped, its replay failed), `broken_segment` (skipped), `error`.
 */
export function registerArchiveMetrics(registry: Registry, archive: MediaArchive): void {
  const registers = [registry];
  new Gauge({
    name: 'sports_media_bytes_stored',
    help: 'Bytes the media storage keeps now (archived segments, replays, clips)',
    registers,
    collect() {
      this.set(archive.storage.bytesUsed());
    },
  });
  new Gauge({
    name: 'sports_media_quota_bytes',
    help: 'MEDIA_QUOTA_BYTES: the most the media storage may keep (NaN: no quota, only the disk)',
    registers,
    collect() {
      this.set(archive.storage.quotaBytes ?? Number.NaN);
    },
  });
  new Counter({
    name: 'sports_media_segments_archived_total',
    help: 'HLS segments the archive kept on this node (DVR, replays, clip sources)',
    registers,
    collect() {
      this.reset();
      this.inc(archive.stats.segmentsArchived);
    },
  });
  new Counter({
    name: 'sports_media_archive_failures_total',
    help: 'Segments the archive could not keep, by reason: quota or disk_full (the recording stopped, the replay failed), broken_segment (skipped), error',
    labelNames: ['reason'] as const,
    registers,
    collect() {
      this.reset();
      for (const [reason, count] of Object.entries(archive.stats.failures) as Array<[ArchiveFailureReason, number]>) this.inc({ reason }, count);
    },
  });
}
