/** One room's gift income over a period: the coins viewers spent on gifts in it. */
export interface RoomGiftCoins {
  roomId: number;
  coins: number;
}

/** Gift income per room, as the room ranking counts it (only rooms that received any). */
export interface RoomGiftIncome {
  /** Coins of the gifts sent to each room with `from <= sent <= until`. */
  coinsByRoom(from: Date, until: Date): Promise<RoomGiftCoins[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The rooms' gift income (decorated by the live plugin). Gifts are the wallet's, and the
     * wallet depends on live, so live cannot ask it directly: the wallet plugs its sums in here
     * with `provide`. Until something does (or with no wallet at all), no room has gift income.
     */
    roomGiftIncome: RoomGiftIncomePort;
  }
}

/** The socket through which another domain (the wallet) provides the rooms' gift income. */
export class RoomGiftIncomePort implements RoomGiftIncome {
  private source: RoomGiftIncome | null = null;

  provide(source: RoomGiftIncome): void {
    this.source = source;
  }

  async coinsByRoom(from: Date, until: Date): Promise<RoomGiftCoins[]> {
    if (this.source === null) return [];
    const rows = await this.source.coinsByRoom(from, until);
    // Only what the ranking can add up: whole positive coins of real room ids.
    return rows.filter((row) => Number.isSafeInteger(row.roomId) && row.roomId > 0 && Number.isSafeInteger(row.coins) && row.coins > 0);
  }
}
