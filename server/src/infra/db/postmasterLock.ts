import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * postmaster.pid is PostgreSQL's lock on a data directory. After a killed run it can be:
 * - stale (its process is gone, or the PID now belongs to another program): remove it;
 * - held by an orphaned postgres of ours (the node parent was SIGKILLed): stop that postgres;
 * - held by a postgres whose parent is another running server: refuse, two servers cannot share
 *   one data directory.
 */
export type LockState =
  | { kind: 'none' }
  | { kind: 'stale'; pid: number }
  | { kind: 'orphan'; pid: number }
  | { kind: 'in-use'; pid: number; parentPid: number };

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number, parentPid: number) {
    super(
      `The database directory ${dataDir} is in use by PostgreSQL (pid ${pid}) of another running server ` +
        `(pid ${parentPid}). Stop that server, or set DATA_DIR to another folder.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export async function inspectPostmasterLock(dataDir: string): Promise<LockState> {
  const pid = await readLockPid(dataDir);
  if (pid === null) return { kind: 'none' };
  if (!isAlive(pid)) return { kind: 'stale', pid };
  const command = await readCommandLine(pid);
  // Without /proc (macOS) we cannot tell: let PostgreSQL decide, it checks the PID itself.
  if (command === null) return { kind: 'none' };
  if (!command.some((part) => path.basename(part).startsWith('postgres')) || !command.includes(dataDir)) {
    return { kind: 'stale', pid };
  }
  const parentPid = await readParentPid(pid);
  const parentCommand = parentPid === null ? null : await readCommandLine(parentPid);
  const parentIsNode = parentCommand?.some((part) => /(^|\/)(node|tsx)$/.test(part)) ?? false;
  if (parentPid !== null && parentIsNode) return { kind: 'in-use', pid, parentPid };
  return { kind: 'orphan', pid };
}

/** Makes the data directory startable, or throws DataDirInUseError. */
export async function clearPostmasterLock(dataDir: string, log: (line: string) => void): Promise<void> {
  const state = await inspectPostmasterLock(dataDir);
  switch (state.kind) {
    case 'none':
      return;
    case 'stale':
      log(`removing stale postmaster.pid (pid ${state.pid} is not our postgres)`);
      await fs.rm(path.join(dataDir, 'postmaster.pid'), { force: true });
      return;
    case 'orphan':
      log(`stopping orphaned postgres (pid ${state.pid}) left by a previous run`);
      await stopProcess(state.pid);
      return;
    case 'in-use':
      throw new DataDirInUseError(dataDir, state.pid, state.parentPid);
  }
}

async function readLockPid(dataDir: string): Promise<number | null> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readCommandLine(pid: number): Promise<string[] | null> {
  if (!existsSync('/proc')) return null;
  try {
    const raw = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter((part) => part !== '');
  } catch {
    return [];
  }
}

async function readParentPid(pid: number): Promise<number | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // Format: "pid (comm) state ppid …"; comm may contain spaces, so parse after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parentPid = Number.parseInt(fields[1] ?? '', 10);
    return Number.isInteger(parentPid) ? parentPid : null;
  } catch {
    return null;
  }
}

/** SIGINT is PostgreSQL's fast shutdown; SIGQUIT after 15 s is its immediate shutdown. */
async function stopProcess(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 15_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, 5_000)) return;
  throw new Error(`postgres (pid ${pid}) did not stop; stop it by hand and start again`);
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}
