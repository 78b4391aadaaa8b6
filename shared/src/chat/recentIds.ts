/**
 * A set of the most recent ids, bounded: dedupe across reconnects and resends needs only the
 * recent past (a history frame carries the last 50 messages), and a long session must not grow
 * without end. The oldest id is forgotten first.
 */
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity: number) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Remembers `id`; false when it was already there (the caller drops the duplicate). */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
    return true;
  }

  clear(): void {
    this.ids.clear();
  }
}
