import type { FastifyBaseLogger } from 'fastify';
import type { FanMedalAwards, MedalPair, MedalProgress } from './fanMedalAwards';

/** How often the chat lines heard are applied (one statement for all of them). */
export const CHAT_LINES_FLUSH_MS = 1_000;
/** Pairs held at most between flushes (a flood of distinct senders flushes early). */
const MAX_PENDING = 10_000;
const TRANSIENT_CODES: ReadonlySet<string> = new Set(['40P01', '40001']);

/**
 * Chat lines into intimacy, batched: a line (chat/chatMedals.ts `lineSent`) only counts up a pair
 * in memory, and a flush a second applies them all in one statement (FanMedalAwards.chatted), so a
 * busy room's lines never each wait on, or write to, the database. A flush the database aborts as
 * a deadlock victim runs once more; a failing one is logged and its lines dropped (intimacy is
 * not money).
 */
export class FanMedalChatLines {
  private pending = new Map<string, { pair: MedalPair; count: number }>();
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(
    private readonly awards: FanMedalAwards,
    private readonly now: () => Date,
    private readonly onProgress: (progress: MedalProgress[]) => void,
    private readonly log: FastifyBaseLogger,
    flushMs = CHAT_LINES_FLUSH_MS,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  lineSent(memberId: number, anchorId: number): void {
    if (memberId === anchorId) return;
    const key = `${memberId}:${anchorId}`;
    const entry = this.pending.get(key);
    if (entry !== undefined) entry.count += 1;
    else this.pending.set(key, { pair: { memberId, anchorId }, count: 1 });
    if (this.pending.size >= MAX_PENDING) void this.flush();
  }

  /** Applies what is pending now (the timer's; tests call it). Overlapping flushes wait for the running one. */
  async flush(): Promise<void> {
    while (this.running !== null) await this.running;
    if (this.pending.size === 0) return;
    const lines = this.pending;
    this.pending = new Map();
    this.running = this.apply(lines).finally(() => {
      this.running = null;
    });
    await this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async apply(lines: Map<string, { pair: MedalPair; count: number }>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        this.onProgress(await this.awards.chatted(lines, this.now()));
        return;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt < 2 && typeof code === 'string' && TRANSIENT_CODES.has(code)) continue;
        this.log.warn({ err: error, pairs: lines.size }, 'fan medals: applying chat lines failed');
        return;
      }
    }
  }
}
