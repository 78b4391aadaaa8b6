import { parseArgs } from 'node:util';

/** The remotes, by package folder (what a squad types) and Module Federation name. */
export const REMOTES = { 'mf-live': 'mf_live', 'mf-scores': 'mf_scores', 'mf-community': 'mf_community', 'mf-member': 'mf_member' } as const;
export type RemoteFolder = keyof typeof REMOTES;

export interface DevRemoteOptions {
  folder: RemoteFolder;
  remote: (typeof REMOTES)[RemoteFolder];
  /** The running site, without a trailing slash. */
  site: string;
  /** 0: a free one. */
  port: number;
  /** Ask the site for a signed dev override (production, or a site refusing unsigned ones). */
  opsToken: string | null;
  /** Run `tsc --watch` beside the dev server. */
  types: boolean;
  /** The remote's folder when not the repository's own (a copy: e2e/tests/devRemote.spec.ts); null: <repo>/<folder>. */
  dir: string | null;
}

export const USAGE = `pnpm dev:remote <mf-live|mf-scores|mf-community|mf-member> [--site http://127.0.0.1:8080] [--port N] [--ops-token T] [--no-types] [--dir PATH]

Starts that remote's webpack dev server with hot updates on a free port, type-checks it (tsc --watch),
and prints a link that opens the site with this browser's copy of the remote on the dev server;
every other remote and the host stay on their releases. The site's banner has the exit.
  --site       the running site (default http://127.0.0.1:8080; any http(s) URL, e.g. a staging site)
  --port       the dev server's port (default: a free one)
  --ops-token  ask the site for a signed dev override (needed in production); default MF_OPS_TOKEN
  --no-types   no type checking
  --dir        the remote's folder, when not the repository's (e.g. a copy)`;

export class UsageError extends Error {}

/** The command line → options, or a UsageError saying what is wrong. */
export function parseDevRemoteArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): DevRemoteOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { site: { type: 'string' }, port: { type: 'string' }, 'ops-token': { type: 'string' }, 'no-types': { type: 'boolean' }, dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) throw new UsageError('');
  if (positionals.length !== 1) throw new UsageError('name one remote');
  const folder = folderOf(positionals[0] as string);
  if (folder === null) throw new UsageError(`unknown remote "${positionals[0]}": one of ${Object.keys(REMOTES).join(', ')}`);
  const site = (values.site ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(site)) throw new UsageError(`--site must be a site's address like http://127.0.0.1:8080, got "${values.site}"`);
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`--port must be a port number, got "${values.port}"`);
  const opsToken = values['ops-token'] ?? env.MF_OPS_TOKEN ?? null;
  return { folder, remote: REMOTES[folder], site, port, opsToken: opsToken === '' ? null : opsToken, types: values['no-types'] !== true, dir: values.dir ?? null };
}

/** `mf-community`, `mf_community` or `community` → `mf-community`. */
function folderOf(name: string): RemoteFolder | null {
  const folder = (name.startsWith('mf') ? name : `mf-${name}`).replace(/_/g, '-');
  return folder in REMOTES ? (folder as RemoteFolder) : null;
}
