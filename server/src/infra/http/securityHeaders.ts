import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './types';
import { NO_STORE } from './cachePolicy';
import { NOTHING_POLICY, type SitePolicyOptions, sitePolicy } from './contentSecurityPolicy';

/**
 * Headers on every answer Fastify sends (pages, scripts, files, API), set where a route has not
 * set its own: a route's stricter or specific value wins (uploads' sandbox policy, the /h5
 * page's hashes, a file's cache policy).
 * - Content-Security-Policy: the site policy on HTML pages, "nothing" on everything else;
 * - X-Frame-Options DENY (older browsers; CSP frame-ancestors for the others);
 * - X-Content-Type-Options nosniff: a file is only ever what its Content-Type says;
 * - Referrer-Policy same-origin: other sites (cover hosts, Tencent) never learn our URLs;
 * - Cache-Control no-store on every /api/ answer: answers carry sessions, push addresses and
 *   personal data, and neither the browser nor a proxy may keep them.
 * Answers written straight to the socket (the raw 408/429, HTTP-FLV) set their own.
 */
export function installSecurityHeaders(app: App, options: SitePolicyOptions): void {
  const pagePolicy = sitePolicy(options);
  app.addHook('onSend', async (request, reply, payload) => {
    setUnlessPresent(reply, 'X-Content-Type-Options', 'nosniff');
    setUnlessPresent(reply, 'X-Frame-Options', 'DENY');
    setUnlessPresent(reply, 'Referrer-Policy', 'same-origin');
    setUnlessPresent(reply, 'Content-Security-Policy', isHtml(reply) ? pagePolicy : NOTHING_POLICY);
    if (isApi(request)) setUnlessPresent(reply, 'Cache-Control', NO_STORE);
    return payload;
  });
}

function setUnlessPresent(reply: FastifyReply, name: string, value: string): void {
  if (!reply.hasHeader(name)) reply.header(name, value);
}

function isHtml(reply: FastifyReply): boolean {
  return /^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''));
}

/** Routes are case-insensitive (app.ts), so is this. */
function isApi(request: FastifyRequest): boolean {
  return request.url.slice(0, 5).toLowerCase() === '/api/' || request.url.toLowerCase() === '/api';
}
