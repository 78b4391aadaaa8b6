/** Types of siteServer.mjs (plain JavaScript, so that `node e2e/bench/first-load.mjs` can use it). */
export interface SiteServer {
  url: string;
  port: number;
  /** The last few kilobytes the server printed. */
  output(): string;
  /** null while it runs; how it ended once it has. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
  stop(): Promise<void>;
  /** SIGKILL (a node lost without a word), then waits for the exit. */
  kill(): Promise<void>;
}

export interface SiteServerOptions {
  port: number;
  /** Over the caller's environment (HOST=127.0.0.1, MEDIA_RTMP_PORT=0, DEMO_STREAMS=0 by default). */
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /** Told (with the server's last output) when the server exits after it was healthy and before stop(). */
  onUnexpectedExit?: (message: string) => void;
  /** Every line the server prints is appended to this file too (created with its folder). */
  logFile?: string;
}

export function freePort(): Promise<number>;
export function freePortSync(): number;
export function startSiteServer(options: SiteServerOptions): Promise<SiteServer>;
/** `pnpm ledger:verify` on a stopped server's embedded database under `dataDir`. */
export function verifyLedger(options: { dataDir: string }): Promise<{ ok: boolean; output: string }>;
