import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SERVER_DIR } from '../../infra/config/serverPaths';

export const SHELL_WORKER_PATH = '/h5/sw.js';
export const SHELL_WORKER_SCOPE = '/h5/';
/** The page the worker keeps for offline (the mobile shell). */
export const SHELL_PAGE_PATH = '/h5/';

/** The hand-written worker (browser code, not compiled): it reads the `SHELL` constant put before it. */
export const SHELL_WORKER_TEMPLATE_PATH = path.join(SERVER_DIR, 'static', 'h5', 'shellServiceWorker.js');

export interface ShellWorkerConfig {
  /** Of the host build and the worker's code: a new build is a new worker with a new cache. */
  version: string;
  page: string;
  /** Every script of the host build, as the page asks for it (`/web/main.js`, `/web/<chunk>.<hash>.js`). */
  scripts: string[];
}

/**
 * What the worker caches: the /h5/ page and every script of the host build (host/dist/*.js; not
 * their .br or .map), versioned by a hash of the built index.html, those names and the worker's
 * code. Null when the host is not built.
 */
export async function shellWorkerConfig(hostDist: string, template: string): Promise<ShellWorkerConfig | null> {
  let index: string;
  let files: string[];
  try {
    index = await fs.readFile(path.join(hostDist, 'index.html'), 'utf8');
    files = await fs.readdir(hostDist);
  } catch {
    return null;
  }
  const scripts = files
    .filter((file) => file.endsWith('.js'))
    .sort()
    .map((file) => `/web/${file}`);
  const version = createHash('sha256').update(index).update('\0').update(scripts.join('\n')).update('\0').update(template).digest('hex').slice(0, 16);
  return { version, page: SHELL_PAGE_PATH, scripts };
}

/**
 * The worker's source: its configuration as a constant, then the hand-written code without its
 * leading comment (written for us: it names the server's source files, which visitors do not get).
 */
export function shellWorkerSource(config: ShellWorkerConfig, template: string): string {
  return `const SHELL = ${JSON.stringify(config)};\n${withoutLeadingComment(template)}`;
}

function withoutLeadingComment(source: string): string {
  const trimmed = source.trimStart();
  if (!trimmed.startsWith('/*')) return source;
  const end = trimmed.indexOf('*/');
  return end < 0 ? source : trimmed.slice(end + 2).trimStart();
}
