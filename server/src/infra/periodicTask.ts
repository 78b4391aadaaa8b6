import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a node does on a timer (count who watched, sweep what expired): every `everyMs`, never two
 * at once (a tick that finds the previous still running shares it instead of queueing another),
 * a failure logged as `failureMessage` and the next tick tried as usual. The timer does not keep
 * the process alive; `stop` waits for the running tick. Tests call `tick` to run one now.
 */
export class PeriodicTask {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(
    private readonly options: { everyMs: number; work: () => Promise<unknown>; log: FastifyBaseLogger; failureMessage: string },
  ) {
    this.timer = setInterval(() => void this.tick(), options.everyMs);
    this.timer.unref();
  }

  tick(): Promise<void> {
    if (this.running !== null) return this.running;
    this.running = this.options
      .work()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.warn({ err: error }, this.options.failureMessage))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
