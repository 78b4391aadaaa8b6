import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The e2e server's output (globalSetup.ts starts it with this log file, in its DATA_DIR
 * e2e/.data/<port>): what a failing journey prints of it (journey.ts), so a failure in CI shows
 * what the server said meanwhile, not only what the page showed.
 */
export const SERVER_LOG_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '.data', process.env.E2E_PORT ?? '18180', 'server.log');

/** How many lines a failure prints at most (the last ones). */
const MAX_LINES = 60;
/** How much of the log a failure reads at most (the end of its part). */
const MAX_BYTES = 512 * 1024;

/** The log's size now: where a journey's part of it starts. */
export async function serverLogOffset(): Promise<number> {
  return (await stat(SERVER_LOG_PATH).catch(() => null))?.size ?? 0;
}

/**
 * What the server printed from `offset` on that a reader of a failure needs: its warnings and
 * errors (pino levels 40 and up) and any line that is not JSON (a crash's stack), the last
 * MAX_LINES of them; each JSON line shortened to its time, level, message and error.
 */
export async function serverLogSince(offset: number): Promise<string[]> {
  const size = await serverLogOffset();
  if (size <= offset) return [];
  const start = Math.max(offset, size - MAX_BYTES);
  const file = await open(SERVER_LOG_PATH, 'r');
  try {
    const buffer = Buffer.alloc(size - start);
    await file.read(buffer, 0, buffer.length, start);
    const lines = buffer.toString('utf8').split('\n').filter((line) => line.trim() !== '');
    return lines.flatMap((line) => shortened(line)).slice(-MAX_LINES);
  } finally {
    await file.close();
  }
}

function shortened(line: string): string[] {
  let entry: { level?: number; time?: number; msg?: string; err?: { message?: string }; [key: string]: unknown };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return [line.slice(0, 500)];
  }
  if ((entry.level ?? 0) < 40) return [];
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const level = (entry.level ?? 0) >= 50 ? 'ERROR' : 'WARN';
  const error = entry.err?.message === undefined ? '' : ` (${entry.err.message})`;
  return [`${time} ${level} ${entry.msg ?? ''}${error}`.slice(0, 500)];
}
