/**
 * Puts each new danmaku in a lane where it will not run over the one before it: a lane is free
 * again once its last item's tail has entered the screen. When every lane is busy the one free
 * soonest is used (a little overlap beats dropping what a viewer just sent).
 */
export class DanmakuLanes {
  private freeAt: number[] = [];

  /** `count` lanes (the area or font size changed: lanes are rebuilt, busy times kept where they fit). */
  resize(count: number): void {
    this.freeAt = Array.from({ length: count }, (_, lane) => this.freeAt[lane] ?? 0);
  }

  /**
   * The lane for an item that needs `occupyMs` before the next one may follow it in the same lane,
   * starting at `now`.
   */
  assign(now: number, occupyMs: number): number {
    if (this.freeAt.length === 0) this.resize(1);
    let chosen = 0;
    for (let lane = 0; lane < this.freeAt.length; lane += 1) {
      if ((this.freeAt[lane] ?? 0) <= now) {
        chosen = lane;
        break;
      }
      if ((this.freeAt[lane] ?? 0) < (this.freeAt[chosen] ?? 0)) chosen = lane;
    }
    this.freeAt[chosen] = Math.max(now, this.freeAt[chosen] ?? 0) + occupyMs;
    return chosen;
  }
}
