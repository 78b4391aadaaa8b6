import { createHmac, timingSafeEqual } from 'node:crypto';
import { type RemoteAssignment, type RemoteName, isRemoteName } from '@sports/shared/server';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Dev overrides (`pnpm dev:remote <name>`, tools/dev-remote): this browser loads one remote from a
 * squad's local webpack dev server while every other remote and the host stay on their releases.
 * The QA override (qaOverride.ts) names a registered release; a dev override names a URL, the dev
 * server's `mf-manifest.json`, so it runs code the control plane never checked. Hence:
 * - the value is `<payload>` or `<payload>.<signature>` (base64url), the payload
 *   `{"r":"mf_community","u":"http://127.0.0.1:41234/mf-manifest.json","e":<unix seconds>}`;
 * - unsigned, it is accepted only where the configuration allows it (MF_DEV_OVERRIDES, default
 *   everywhere but production) and only for a loopback address (127.0.0.0/8, localhost, [::1]):
 *   a link from a stranger can point a browser at the browser's own machine, never at a third
 *   host's script;
 * - signed with the key derived from the ops token (`POST /api/mf/dev-overrides`, ops only), it
 *   is accepted anywhere, production included, for any http(s) address, until it expires.
 * A value that does not pass is dropped without a word: the page is the ordinary one.
 */
export interface DevOverride {
  remote: RemoteName;
  /** The dev server's mf-manifest.json. */
  manifestUrl: string;
  /** Its origin: the page's Content-Security-Policy lets scripts and the HMR socket come from there. */
  origin: string;
  /** Epoch milliseconds for a signed value; null for an unsigned (loopback, non-production) one. */
  expiresAt: number | null;
}

export interface DevOverridePolicy {
  /** Unsigned loopback overrides are accepted (MF_DEV_OVERRIDES; default outside production). */
  allowUnsigned: boolean;
  /** The signing key (devOverrideKey). */
  key: Buffer;
}

/** The page's address names a dev override as `?mf_dev=`; the answer keeps it in this cookie; `?mf_dev=` empty clears it. */
export const DEV_OVERRIDE_QUERY_PARAMETER = 'mf_dev';
export const DEV_OVERRIDE_COOKIE = 'mf_dev';
/** The longest dev server address accepted. */
export const DEV_OVERRIDE_URL_MAX_LENGTH = 300;
/** A value longer than this is not ours (a payload of a 300-character URL is ~450, a signature 43). */
export const DEV_OVERRIDE_MAX_LENGTH = 600;
/** The release id the answer shows for a dev override. */
export const DEV_OVERRIDE_VERSION = 'dev';
/** Default and longest life of a signed dev override. */
export const DEFAULT_DEV_OVERRIDE_MINUTES = 12 * 60;
export const MAX_DEV_OVERRIDE_MINUTES = 7 * 24 * 60;

/** Derived from the ops token like the QA override key (overrideTokens.ts), under another label. */
export function devOverrideKey(opsToken: string): Buffer {
  return createHmac('sha256', opsToken).update('mf-dev-override/v1').digest();
}

/**
 * A dev server's manifest address, or null: http or https, at most DEV_OVERRIDE_URL_MAX_LENGTH
 * characters, no user or password, no query or fragment, and a path ending in `/mf-manifest.json`.
 */
export function checkDevManifestUrl(raw: string): URL | null {
  if (raw.length > DEV_OVERRIDE_URL_MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return null;
  if (!url.pathname.endsWith('/mf-manifest.json')) return null;
  return url;
}

/** 127.0.0.0/8, localhost (and *.localhost), [::1]: the browser's own machine. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The unsigned value (outside production, loopback only). */
export function encodeDevOverride(remote: RemoteName, manifestUrl: string): string {
  return Buffer.from(JSON.stringify({ r: remote, u: manifestUrl })).toString('base64url');
}

/** The signed value, valid anywhere until `expiresAt` (whole seconds). */
export function signDevOverride(key: Buffer, remote: RemoteName, manifestUrl: string, expiresAt: number): string {
  const payload = Buffer.from(JSON.stringify({ r: remote, u: manifestUrl, e: Math.floor(expiresAt / 1000) })).toString('base64url');
  return `${payload}.${signatureOf(key, payload).toString('base64url')}`;
}

/** The override a value carries when it passes the rules above; else null. */
export function acceptDevOverride(raw: string | undefined, policy: DevOverridePolicy, now: number): DevOverride | null {
  if (!raw || raw.length > DEV_OVERRIDE_MAX_LENGTH) return null;
  const [payload, signature, extra] = raw.split('.');
  if (!payload || extra !== undefined || signature === '') return null;
  let fields: { r?: unknown; u?: unknown; e?: unknown };
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof fields;
  } catch {
    return null;
  }
  if (fields === null || typeof fields !== 'object') return null;
  const { r: remote, u: address, e: expiresAtSeconds } = fields;
  if (typeof remote !== 'string' || !isRemoteName(remote) || typeof address !== 'string') return null;
  const url = checkDevManifestUrl(address);
  if (url === null) return null;
  const override = (expiresAt: number | null): DevOverride => ({ remote, manifestUrl: url.href, origin: url.origin, expiresAt });
  if (signature === undefined) return policy.allowUnsigned && isLoopback(url) && expiresAtSeconds === undefined ? override(null) : null;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(policy.key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (typeof expiresAtSeconds !== 'number' || !Number.isSafeInteger(expiresAtSeconds) || expiresAtSeconds * 1000 <= now) return null;
  return override(expiresAtSeconds * 1000);
}

/**
 * The dev override of this request: the page link's value when it passes (then kept in the
 * cookie), else the cookie's (checked again; cleared once it no longer passes). `?mf_dev=` empty
 * clears it: the banner's exit.
 */
export function devOverrideOf(fromLink: string | undefined, fromCookie: string | undefined, reply: FastifyReply, policy: DevOverridePolicy, now: number): DevOverride | null {
  if (fromLink === '') {
    if (fromCookie !== undefined) reply.clearCookie(DEV_OVERRIDE_COOKIE, { path: '/' });
    return null;
  }
  const linked = acceptDevOverride(fromLink, policy, now);
  if (linked !== null) {
    const expires = linked.expiresAt === null ? {} : { expires: new Date(linked.expiresAt) };
    reply.setCookie(DEV_OVERRIDE_COOKIE, fromLink as string, { path: '/', httpOnly: true, sameSite: 'lax', ...expires });
    return linked;
  }
  const kept = acceptDevOverride(fromCookie, policy, now);
  if (kept === null && fromCookie !== undefined) reply.clearCookie(DEV_OVERRIDE_COOKIE, { path: '/' });
  return kept;
}

/**
 * The answer with the overridden remote on the dev server: channel 'dev', the dev server's
 * manifest, and the routes and widgets of what the visitor would have loaded (the host reads
 * the dev build's own route manifest over them, host/src/federation/devRemoteOverride.ts), which
 * is also its fallback when the dev server does not answer.
 */
export function withDevOverride(assignments: RemoteAssignment[], override: DevOverride | null): RemoteAssignment[] {
  if (override === null) return assignments;
  const usual = assignments.find((assignment) => assignment.name === override.remote);
  const dev: RemoteAssignment = {
    name: override.remote,
    version: DEV_OVERRIDE_VERSION,
    manifestUrl: override.manifestUrl,
    channel: 'dev',
    routes: usual?.routes ?? [],
    widgets: usual?.widgets ?? [],
    ...(usual ? { fallback: usual.fallback ?? { version: usual.version, manifestUrl: usual.manifestUrl, routes: usual.routes, widgets: usual.widgets } } : {}),
  };
  return usual ? assignments.map((assignment) => (assignment === usual ? dev : assignment)) : [...assignments, dev];
}

/** Pages answered with a dev override, and the dev server's origin each must allow. */
const devOrigins = new WeakMap<FastifyReply, string>();

/** This page loads a remote from `origin`: its Content-Security-Policy must let it (pageDevPolicy). */
export function allowDevOriginOnPage(reply: FastifyReply, origin: string): void {
  devOrigins.set(reply, origin);
}

/**
 * An onSend hook (after the site's security headers): a page answered with a dev override gets
 * the dev server's origin in script-src (remoteEntry.js, chunks, hot updates) and connect-src
 * (mf-manifest.json, route-manifest.json, the HMR socket). Every other answer is untouched.
 */
export async function pageDevPolicy(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const origin = devOrigins.get(reply);
  const policy = reply.getHeader('Content-Security-Policy');
  if (origin === undefined || typeof policy !== 'string') return payload;
  reply.header('Content-Security-Policy', widenPolicy(policy, origin));
  return payload;
}

/** `policy` with `origin` added to script-src and connect-src (and its ws: twin to connect-src). */
export function widenPolicy(policy: string, origin: string): string {
  const socket = origin.replace(/^http/, 'ws');
  return policy
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim();
      if (/^script-src\s/.test(trimmed)) return ` ${trimmed.replace(/'none'/, '')} ${origin}`;
      if (/^connect-src\s/.test(trimmed)) return ` ${trimmed.replace(/'none'/, '')} ${origin} ${socket}`;
      return directive;
    })
    .join(';')
    .trim();
}

function signatureOf(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}
