import type { ChatBus } from './chatBus';

/** Other nodes' presence reports older than this are ignored (the node is gone). */
const PRESENCE_STALE_MS = 15_000;
/** How long changes wait to be reported together: 5,000 joins in a second make a handful of reports. */
const PRESENCE_COALESCE_MS = 250;

/**
 * Who is online per group across the nodes: this node reports its member counts on the bus
 * (coalesced after changes, and periodically), and keeps the other nodes' latest reports.
 */
export class ChatPresenceReports {
  private readonly remote = new Map<string, { at: number; counts: Record<string, number> }>();
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;
  private stopped = false;

  constructor(
    private readonly bus: ChatBus,
    /** This node's members (distinct identities) per group with anyone in it. */
    private readonly localCounts: () => Record<string, number>,
    private readonly localCount: (groupId: string) => number,
  ) {}

  /** Members (distinct identities) in the group now, on every node that reports. */
  onlineCount(groupId: string): number {
    let count = this.localCount(groupId);
    const fresh = Date.now() - PRESENCE_STALE_MS;
    for (const report of this.remote.values()) if (report.at >= fresh) count += report.counts[groupId] ?? 0;
    return count;
  }

  /** Another node's report (from the bus). */
  received(nodeId: string, counts: Record<string, number>): void {
    this.remote.set(nodeId, { at: Date.now(), counts });
  }

  /** This node's counts changed: a report follows shortly. */
  changed(): void {
    this.dirty = true;
    if (this.timer !== null || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.report();
    }, PRESENCE_COALESCE_MS);
    this.timer.unref();
  }

  /** Housekeeping: stale reports dropped; a periodic report keeps this node's counts fresh on the others. */
  sweep(now: number): void {
    for (const [nodeId, report] of this.remote) if (report.at < now - PRESENCE_STALE_MS) this.remote.delete(nodeId);
    if (!this.dirty) this.report();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
  }

  private report(): void {
    this.dirty = false;
    this.bus.publishPresence(this.localCounts());
  }
}
