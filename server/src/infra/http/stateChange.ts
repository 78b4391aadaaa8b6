import type { FastifyContextConfig } from 'fastify';

/**
 * Which routes change state, declared in each route's metadata (Fastify's route `config`), so the
 * one CSRF rule (accounts/csrf.ts) and the tests that walk the route table read the same fact.
 *
 * - POST, PUT, PATCH and DELETE change state, always (a `changesState: false` on them is refused
 *   when the route is registered: a read that needs a body is still checked).
 * - A GET (SPEC.md makes many calls that write GETs: bind a card, send a danmaku, start a room)
 *   changes state when it says `config: { changesState: true }`. Its HEAD twin inherits it.
 * - A GET that writes only bookkeeping nobody can abuse cross-site (a view counter, a search's hot
 *   count, a read receipt) says so with `config: { bookkeepingWrites: 'why' }`: it is not checked,
 *   and the undeclared-writes test accepts its writes. Nothing else may write on a GET.
 * - `beaconToken: true` (with changesState): instead of X-Requested-With, a same-site request may
 *   prove itself with a beacon token in its JSON body (`navigator.sendBeacon` cannot set headers;
 *   see accounts/beaconToken.ts). Only the watch heartbeat has it.
 *
 * See server/src/README.md ("Requests that change state") and docs/flows/csrf.md.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route changes state: the CSRF rule applies. Default: true for POST/PUT/PATCH/DELETE, false otherwise. */
    changesState?: boolean;
    /** A GET that writes, harmlessly cross-site: why (required text). Exempts its writes from the undeclared-writes test. */
    bookkeepingWrites?: string;
    /** A state-changing route that also accepts a beacon token in its body instead of X-Requested-With (accounts/beaconToken.ts). */
    beaconToken?: boolean;
  }
}

/** The methods that change state whatever the route says. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a route (method and its config) changes state. */
export function routeChangesState(method: string, config: FastifyContextConfig | undefined): boolean {
  if (STATE_CHANGING_METHODS.has(method.toUpperCase())) return true;
  return config?.changesState === true;
}

/**
 * The declaration errors a route's config can have (checked when the route is registered, so a
 * mistake stops the start instead of leaving a hole): an empty string is not a reason.
 */
export function stateChangeDeclarationProblem(method: string, url: string, config: FastifyContextConfig | undefined): string | null {
  if (config === undefined) return null;
  const unsafe = STATE_CHANGING_METHODS.has(method.toUpperCase());
  if (unsafe && config.changesState === false) return `${method} ${url}: changesState: false on a ${method} route (POST, PUT, PATCH and DELETE always change state)`;
  if (config.bookkeepingWrites !== undefined) {
    if (typeof config.bookkeepingWrites !== 'string' || config.bookkeepingWrites.trim() === '') return `${method} ${url}: bookkeepingWrites needs the reason, as text`;
    if (routeChangesState(method, config)) return `${method} ${url}: bookkeepingWrites on a state-changing route (the rule already applies; drop one)`;
  }
  if (config.beaconToken === true && !routeChangesState(method, config)) return `${method} ${url}: beaconToken on a route that does not change state`;
  return null;
}
