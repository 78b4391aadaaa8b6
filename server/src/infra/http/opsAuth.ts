import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { errors } from './errorCatalogue';

export const OPS_TOKEN_HEADER = 'x-ops-token';
export const OPS_ACTOR_HEADER = 'x-ops-actor';

/**
 * The ops token: MF_OPS_TOKEN when set, else one generated once and kept (mode 600) in
 * DATA_DIR/ops-token, where `pnpm mf` on the same machine finds it.
 */
export async function loadOpsToken(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'ops-token');
  const kept = await fs.readFile(file, 'utf8').then((text) => text.trim(), () => '');
  // An empty or truncated file must never mean "no token": make a new one instead.
  if (kept.length >= MIN_OPS_TOKEN_LENGTH) return kept;
  const token = randomBytes(24).toString('base64url');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/** Shorter tokens are refused at start (MF_OPS_TOKEN) or replaced (the generated file). */
export const MIN_OPS_TOKEN_LENGTH = 16;

/** Who the operation is recorded as: the caller's name (bounded), or 'ops'. */
export function opsActor(request: FastifyRequest): string {
  const raw = request.headers[OPS_ACTOR_HEADER];
  const name = typeof raw === 'string' ? raw.trim().slice(0, 64) : '';
  return /^[\p{L}\p{N} ._@-]+$/u.test(name) ? name : 'ops';
}

/**
 * An onRequest hook: only callers presenting the ops token may operate the control plane. It
 * runs before the body is read, so strangers get 403 before any upload is buffered or validated.
 */
export function createRequireOps(token: string) {
  if (token.length < MIN_OPS_TOKEN_LENGTH) throw new Error(`the ops token must have at least ${MIN_OPS_TOKEN_LENGTH} characters`);
  const expected = Buffer.from(token);
  return async (request: FastifyRequest): Promise<void> => {
    const presented = request.headers[OPS_TOKEN_HEADER];
    const given = Buffer.from(typeof presented === 'string' ? presented : '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw errors.OPS_FORBIDDEN();
  };
}
