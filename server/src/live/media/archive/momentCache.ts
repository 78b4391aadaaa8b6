/**
 * An answer that is the same for every viewer of a room for a moment (a DVR playlist, room info's
 * DVR window): built at most once per `ttlMs` per key, however many viewers ask at once. Callers
 * asking while it is being built share that one build (a failed build is not kept). Entries older
 * than the TTL are dropped whenever a new one is built, so the map holds only the rooms asked
 * about in the last moment.
 */
export class MomentCache<K, V> {
  private readonly entries = new Map<K, { builtAtMs: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K, build: () => Promise<V>): Promise<V> {
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached !== undefined && now - cached.builtAtMs < this.ttlMs) return cached.value;
    for (const [other, entry] of this.entries) if (now - entry.builtAtMs >= this.ttlMs) this.entries.delete(other);
    const value = build();
    this.entries.set(key, { builtAtMs: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** The next `get` of `key` builds afresh (what it answered has changed). */
  forget(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
