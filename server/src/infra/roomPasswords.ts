/**
 * The 口令 (passwords) of a domain's open items per room (red packets, lotteries), so that a chat
 * line costs the database nothing unless its text is one of them (the chat carries thousands of
 * lines a second). `refresh` reloads them from the database (each sweep: an item opened on
 * another node is known within the sweep's period); `add` knows at once one this node opened.
 */
export class RoomPasswords {
  private byRoom = new Map<number, Set<string>>();

  /** `load(now)`: the open items' (room, 口令) pairs at `now`. */
  constructor(private readonly load: (now: Date) => Promise<readonly { room_id: number; password: string }[]>) {}

  add(roomId: number, password: string): void {
    const set = this.byRoom.get(roomId) ?? new Set<string>();
    set.add(password);
    this.byRoom.set(roomId, set);
  }

  matches(roomId: number, text: string): boolean {
    return this.byRoom.get(roomId)?.has(text.trim()) ?? false;
  }

  async refresh(now: Date): Promise<void> {
    const next = new Map<number, Set<string>>();
    for (const row of await this.load(now)) {
      const set = next.get(row.room_id) ?? new Set<string>();
      set.add(row.password);
      next.set(row.room_id, set);
    }
    this.byRoom = next;
  }
}
