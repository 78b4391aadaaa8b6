import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/** One pino line as written: level 30 info, 40 warn, 50 error. */
export interface LogEntry {
  level: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string; code?: string };
  [key: string]: unknown;
}

/** A real pino logger (what main.ts uses) whose lines are kept for a test to read. */
export function recordLogs(level: pino.Level = 'info'): { logger: FastifyBaseLogger; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim() !== '') entries.push(JSON.parse(line) as LogEntry);
      done();
    },
  });
  return { logger: pino({ level }, stream) as unknown as FastifyBaseLogger, entries };
}
