/**
 * The bench's two measuring hands (bench/alerts/run.ts): the open pages' process (pageFleet.ts)
 * and the live-data probe.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { LatencyHistogram } from '../realtime/histogram';

const PROBES = Number(process.env.BENCH_ALERTS_PROBES ?? 16);

/** The open pages, held by a child process (pageFleet.ts). */
export class PageFleet {
  private readonly child: ChildProcess;
  private readonly waiters = new Map<string, (message: Record<string, unknown>) => void>();
  /** The process says 'ready' once it listens for commands. */
  readonly ready: Promise<Record<string, unknown>>;
  constructor() {
    this.child = fork(fileURLToPath(new URL('./pageFleet.ts', import.meta.url)), [], { execArgv: process.execArgv });
    this.ready = new Promise((resolve) => this.waiters.set('ready', resolve));
    this.child.on('message', (message: Record<string, unknown>) => {
      const waiter = this.waiters.get(String(message.type));
      this.waiters.delete(String(message.type));
      waiter?.(message);
    });
  }
  ask(command: object, answer: string): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      this.waiters.set(answer, resolve);
      this.child.send(command);
    });
  }
  exit(): void {
    if (this.child.connected) this.child.send({ cmd: 'exit' });
  }
}

/** Live-data sockets answering pings: the RTT of each pong, into every window open at the time. */
export class LiveProbe {
  private readonly sockets: WebSocket[] = [];
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly windows = new Set<LatencyHistogram>();
  async start(port: number): Promise<void> {
    for (let index = 0; index < PROBES; index += 1) {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/live-data`, { perMessageDeflate: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'register', info: 'web' }));
      socket.on('pong', (data: Buffer) => {
        const micros = (performance.now() - Number(data.toString())) * 1000;
        for (const window of this.windows) window.record(micros);
      });
      this.sockets.push(socket);
    }
    this.timer = setInterval(() => {
      for (const socket of this.sockets) if (socket.readyState === WebSocket.OPEN) socket.ping(String(performance.now()));
    }, 20);
    // The live-data hub closes a socket silent for two heartbeat periods (WebSocket pings do not count): a run of several rounds outlives that.
    this.heartbeat = setInterval(() => {
      for (const socket of this.sockets) if (socket.readyState === WebSocket.OPEN) socket.send('{"type":"heartbeat"}');
    }, 15_000);
  }
  /** A window of samples from now until `close`. */
  open(): LatencyHistogram {
    const window = new LatencyHistogram();
    this.windows.add(window);
    return window;
  }
  close(window: LatencyHistogram): LatencyHistogram {
    this.windows.delete(window);
    return window;
  }
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    for (const socket of this.sockets) socket.terminate();
  }
}
