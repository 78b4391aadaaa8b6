import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuditEntry, RolloutState } from './rolloutTypes';

/** The ops token the Playwright server starts with (playwright.config.ts webServer env). */
export const E2E_OPS_TOKEN = 'e2e-ops-token-3c1f9a7d52b84e06';
/** Who the CLI's operations are recorded as in the audit log. */
export const E2E_ACTOR = 'e2e-ops';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `pnpm mf <args>` from the repository root, as a squad or ops would type it. */
export function runMf(baseURL: string, args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--silent', 'mf', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, MF_SERVER: baseURL, MF_OPS_TOKEN: E2E_OPS_TOKEN, MF_ACTOR: E2E_ACTOR },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `pnpm mf …` that must succeed: its stdout, or an error carrying everything it printed. */
export async function mfOk(baseURL: string, args: string[]): Promise<string> {
  const result = await runMf(baseURL, args);
  if (result.code !== 0) throw new Error(`pnpm mf ${args.join(' ')} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `pnpm mf publish`: the release id is the last line it prints on stdout. */
export async function publishWithCli(baseURL: string, folder: string, reason: string, remote = 'mf_live'): Promise<string> {
  const stdout = await mfOk(baseURL, ['publish', remote, '--dist', folder, '--reason', reason]);
  const releaseId = stdout.trim().split('\n').at(-1) ?? '';
  if (!/^[0-9A-Za-z.+_-]+-[0-9a-f]{10}$/.test(releaseId)) throw new Error(`pnpm mf publish printed no release id:\n${stdout}`);
  return releaseId;
}

async function opsGet<Data>(baseURL: string, pathAndQuery: string): Promise<Data> {
  const response = await fetch(`${baseURL}${pathAndQuery}`, { headers: { 'x-ops-token': E2E_OPS_TOKEN } });
  const answer = (await response.json()) as { code: number; msg: string; data: Data };
  if (answer.code !== 200) throw new Error(`${pathAndQuery}: ${answer.msg}`);
  return answer.data;
}

export async function rolloutOf(baseURL: string, remote: string): Promise<RolloutState> {
  const state = (await opsGet<RolloutState[]>(baseURL, '/api/mf/rollouts')).find((rollout) => rollout.remote === remote);
  if (!state) throw new Error(`the control plane lists no ${remote}`);
  return state;
}

export function auditOf(baseURL: string, remote: string): Promise<AuditEntry[]> {
  return opsGet(baseURL, `/api/mf/audit?remote=${remote}&limit=200`);
}

/**
 * `pnpm mf override`: the QA address (a token signed by the server) that puts the browser opening
 * it on `releaseId`; answered as the part after the origin (`/web/?mf_override=…`).
 */
export async function overrideAddress(baseURL: string, remote: string, releaseId: string): Promise<string> {
  const printed = (await mfOk(baseURL, ['override', remote, releaseId, '--minutes', '30'])).trim();
  const address = new URL(printed);
  if (!address.searchParams.get('mf_override')) throw new Error(`pnpm mf override printed no address:\n${printed}`);
  return `${address.pathname}${address.search}`;
}
