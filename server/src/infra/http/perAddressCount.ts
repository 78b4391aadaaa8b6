/**
 * Open things per client address (connections, sockets, players), capped: one address may not
 * hold more than `max` at once. An address leaves the map when its count is back to 0.
 * Used by the HTTP connection caps (plugins/connectionLimits.ts), the RTMP ingest and the
 * HTTP-FLV players (media/).
 */
export class PerAddressCount {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts one more for `key`, unless that would pass the cap. */
  tryTake(key: string): boolean {
    const current = this.open.get(key) ?? 0;
    if (current >= this.max) return false;
    this.open.set(key, current + 1);
    return true;
  }

  release(key: string): void {
    const current = this.open.get(key) ?? 0;
    if (current <= 1) this.open.delete(key);
    else this.open.set(key, current - 1);
  }

  countOf(key: string): number {
    return this.open.get(key) ?? 0;
  }
}

