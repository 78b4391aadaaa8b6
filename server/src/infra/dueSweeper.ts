import type { FastifyBaseLogger } from 'fastify';

/**
 * Finishing what fell due, on a timer, on every node (red packets that expired or emptied,
 * lotteries whose window ended): every `everyMs`, `beforeSweep` (refresh a cache), then each id
 * `due(now)` answers is passed to `finish(id, now)`, which must do it at most once whatever
 * other nodes do (a row lock `WHERE finished IS NULL`) and answer null when another got there
 * first; the node that did calls `onDone` (tell the room). A sweep already running on this node is
 * joined, never doubled; a failed sweep is logged and the next tried as usual. Tests call `sweep()`.
 */
export interface DueSweeperOptions<Done> {
  /** Names the log lines: `red packets`, `lotteries`. */
  name: string;
  everyMs: number;
  log: FastifyBaseLogger;
  clock: () => Date;
  beforeSweep?: (now: Date) => Promise<void>;
  due: (now: Date) => Promise<readonly number[]>;
  finish: (id: number, now: Date) => Promise<Done | null>;
  onDone: (done: Done) => void;
  /** What the info line says of one finished (its figures). */
  describe: (id: number, done: Done) => Record<string, unknown>;
}

export class DueSweeper<Done> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Done[]> | null = null;

  constructor(private readonly options: DueSweeperOptions<Done>) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.options.log.warn({ err: error }, `${this.options.name}: a sweep failed`));
    }, this.options.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One sweep (tests call it by hand); a sweep already running on this node is joined. */
  sweep(): Promise<Done[]> {
    if (this.running !== null) return this.running;
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<Done[]> {
    const { options } = this;
    const now = options.clock();
    await options.beforeSweep?.(now);
    const finished: Done[] = [];
    for (const id of await options.due(now)) {
      const done = await options.finish(id, now);
      if (done === null) continue;
      finished.push(done);
      options.log.info({ id, ...options.describe(id, done) }, `${options.name}: finished`);
      options.onDone(done);
    }
    return finished;
  }
}
