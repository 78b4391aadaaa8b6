import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The host page's own inline scripts (host/src/index.html: the script that names the route of the
 * hash in the first paint before it is painted) are let run by their hashes in the page's
 * Content-Security-Policy (`'sha256-…'` in script-src), not by 'unsafe-inline': any other inline
 * script, injected or not, still does not run. Hashed from the page as built, so a change of the
 * script needs no change here. A JSON script (`type="application/json"`: the assignments) never
 * runs and is not hashed.
 */
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=/i;
const TYPE_ATTRIBUTE = /\stype\s*=\s*["']?([^"'\s>]+)/i;
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/** The CSP sources (`'sha256-<base64>'`) of every inline script of `html` that a browser would run, each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = (TYPE_ATTRIBUTE.exec(attributes)?.[1] ?? '').toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** `policy` with `sources` added to its script-src (a policy without one is left as it is: its default-src rules). */
export function withScriptSources(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim();
      if (!/^script-src(\s|$)/i.test(trimmed)) return directive;
      return ` ${trimmed.replace(/\s'none'/i, '')} ${sources.join(' ')}`;
    })
    .join(';')
    .trim();
}

/** Pages whose inline scripts must run, with their hashes (set by the page's route, read by the hook below). */
const pageScripts = new WeakMap<FastifyReply, readonly string[]>();

/** This page's inline scripts (`html`) may run. */
export function allowInlineScriptsOf(reply: FastifyReply, html: string): void {
  const hashes = inlineScriptHashes(html);
  if (hashes.length > 0) pageScripts.set(reply, hashes);
}

/**
 * An onSend hook of the site's pages, run after the site's security headers set the policy
 * (infra/http/securityHeaders.ts): adds the page's inline scripts' hashes to its script-src.
 */
export async function inlineScriptPolicyHook(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const hashes = pageScripts.get(reply);
  const policy = reply.getHeader('Content-Security-Policy');
  if (hashes === undefined || typeof policy !== 'string') return payload;
  reply.header('Content-Security-Policy', withScriptSources(policy, hashes));
  return payload;
}
