/**
 * Concurrent players per room: open HTTP-FLV connections, plus HLS clients that fetched the
 * playlist recently (HLS has no connection to count; a player refetches the playlist every
 * segment). The broadcast record keeps the peak.
 */
export class ViewerCounter {
  private readonly flv = new Map<number, number>();
  private readonly hls = new Map<number, Map<string, number>>();

  constructor(
    /** An HLS client counts this long after its last playlist fetch. */
    private readonly hlsWindowMs: number,
    /** Distinct HLS clients remembered per room (a flood of fake clients cannot grow memory). */
    private readonly hlsClientsMax = 20_000,
  ) {}

  flvOpened(roomId: number): void {
    this.flv.set(roomId, (this.flv.get(roomId) ?? 0) + 1);
  }

  flvClosed(roomId: number): void {
    const left = (this.flv.get(roomId) ?? 1) - 1;
    if (left <= 0) this.flv.delete(roomId);
    else this.flv.set(roomId, left);
  }

  hlsSeen(roomId: number, clientKey: string, nowMs: number): void {
    let clients = this.hls.get(roomId);
    if (clients === undefined) {
      clients = new Map();
      this.hls.set(roomId, clients);
    }
    if (clients.size >= this.hlsClientsMax && !clients.has(clientKey)) this.prune(clients, nowMs);
    if (clients.size >= this.hlsClientsMax && !clients.has(clientKey)) return;
    clients.set(clientKey, nowMs);
  }

  current(roomId: number, nowMs: number): number {
    const clients = this.hls.get(roomId);
    if (clients !== undefined) this.prune(clients, nowMs);
    return (this.flv.get(roomId) ?? 0) + (clients?.size ?? 0);
  }

  /** Rooms with players now (an FLV connection, or an HLS client seen within the window). */
  rooms(nowMs: number): number[] {
    const rooms = new Set(this.flv.keys());
    for (const [roomId, clients] of this.hls) {
      this.prune(clients, nowMs);
      if (clients.size > 0) rooms.add(roomId);
      else this.hls.delete(roomId);
    }
    return [...rooms];
  }

  /** The stream ended: its HLS clients are gone (FLV connections are closed by the ingest). */
  forgetHls(roomId: number): void {
    this.hls.delete(roomId);
  }

  private prune(clients: Map<string, number>, nowMs: number): void {
    for (const [key, seenAt] of clients) {
      if (nowMs - seenAt > this.hlsWindowMs) clients.delete(key);
    }
  }
}
