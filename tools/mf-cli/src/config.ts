import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from './errors';
import { cliMessages } from './messages';

/** The repository this CLI belongs to (tools/mf-cli/src → the root), for default paths. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const DEFAULT_SERVER = 'http://127.0.0.1:8080';

export type Env = Readonly<Record<string, string | undefined>>;

/** Where and as whom the CLI talks to the control plane. */
export interface OpsConnection {
  server: string;
  token: string;
  /** Where the token came from, to say so when the server refuses it. */
  tokenSource: string;
  actor: string;
}

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/**
 * The folder the user ran the command in: `pnpm mf` runs the CLI inside tools/mf-cli, so the root
 * script passes pnpm's INIT_CWD on as MF_CWD, and `--dist ./build` means what the user typed.
 */
export function userCwd(env: Env): string {
  return read(env, 'MF_CWD') ?? read(env, 'INIT_CWD') ?? process.cwd();
}

/** The server's data folder as the server resolves it: DATA_DIR, else server/.data. */
export function dataDirOf(env: Env): string {
  const configured = read(env, 'DATA_DIR');
  return configured ? path.resolve(userCwd(env), configured) : path.join(REPO_ROOT, 'server', '.data');
}

/** The audit log's "who": MF_ACTOR, else the login name, else 'ops' (the server's default). */
export function actorOf(env: Env): string {
  return read(env, 'MF_ACTOR') ?? read(env, 'USER') ?? read(env, 'LOGNAME') ?? safeUserName() ?? 'ops';
}

function safeUserName(): string | undefined {
  try {
    return os.userInfo().username || undefined;
  } catch {
    return undefined;
  }
}

/** MF_OPS_TOKEN, else the token file the server wrote into its data folder. */
export async function resolveConnection(env: Env): Promise<OpsConnection> {
  const server = (read(env, 'MF_SERVER') ?? DEFAULT_SERVER).replace(/\/+$/, '');
  const actor = actorOf(env);
  const configured = read(env, 'MF_OPS_TOKEN');
  if (configured) return { server, token: configured, tokenSource: 'MF_OPS_TOKEN', actor };
  const file = path.join(dataDirOf(env), 'ops-token');
  let token: string;
  try {
    token = (await fs.readFile(file, 'utf8')).trim();
  } catch {
    throw new CliError(cliMessages.noToken(file));
  }
  if (!token) throw new CliError(cliMessages.noToken(file));
  return { server, token, tokenSource: file, actor };
}
