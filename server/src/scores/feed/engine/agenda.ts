/**
 * A match's to-do list in simulated time: boundaries (kick-off, half-time…), the roll of each
 * minute, and the events those rolls schedule. Run in time order; at equal times boundaries go
 * before rolls and rolls before events, so a minute is rolled on the state its predecessor left.
 */
export const AgendaOrder = { Boundary: 0, Roll: 1, Event: 2 } as const;

interface AgendaItem {
  at: number;
  order: number;
  sequence: number;
  run: () => void;
}

export class Agenda {
  private readonly items: AgendaItem[] = [];
  private sequence = 0;

  add(at: number, order: number, run: () => void): void {
    const item = { at, order, sequence: (this.sequence += 1), run };
    // Items are added roughly in order: search from the end.
    let index = this.items.length;
    while (index > 0 && compare(this.items[index - 1] as AgendaItem, item) > 0) index -= 1;
    this.items.splice(index, 0, item);
  }

  /** Runs every item due at or before `until`, including ones added while running. */
  runUntil(until: number): void {
    while (this.items.length > 0 && (this.items[0] as AgendaItem).at <= until) {
      (this.items.shift() as AgendaItem).run();
    }
  }

  get size(): number {
    return this.items.length;
  }
}

function compare(a: AgendaItem, b: AgendaItem): number {
  return a.at - b.at || a.order - b.order || a.sequence - b.sequence;
}
