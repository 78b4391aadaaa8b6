/** Why a segment was not archived (the Prometheus counter's `reason`). */
export type ArchiveFailureReason = 'quota' | 'disk_full' | 'broken_segment' | 'error';

/**
 * The archive's running totals on this node, read by /metrics (observability/runtimeMetrics.ts):
 * segments kept, and failures by reason. Plain numbers, so the recorder pays nothing for them.
 */
export class ArchiveStats {
  segmentsArchived = 0;
  readonly failures: Record<ArchiveFailureReason, number> = { quota: 0, disk_full: 0, broken_segment: 0, error: 0 };
}
