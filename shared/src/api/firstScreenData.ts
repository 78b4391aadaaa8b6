/**
 * First-screen data (issue 38 part 3): the calls a route's first screen makes are declared in its
 * remote's route manifest (`firstScreenData` of a route, or of a home widget). The page's first
 * inline script (host/src/index.html, right after the first paint) reads the hash and the
 * assignments the server inlined, and starts those calls at once, while main.js, the shared
 * libraries and the remote's code are still on their way. When the remote's code later asks the
 * API client for the same call, the client takes that answer instead of asking again: the data
 * arrives beside the JavaScript, not after it. The hash route is never sent to a server, so the
 * page (which knows it) asks, not the server.
 *
 * The two sides meet on `window[FIRST_SCREEN_GLOBAL][key]`. The inline script is plain ES5 and
 * cannot import this file: it computes the same key the same way (host/src/firstPaint's test runs
 * it and checks its keys against `firstScreenKeyOf`).
 */

/** Where the page's first script leaves its early answers. */
export const FIRST_SCREEN_GLOBAL = '__mfFirstScreen';

/**
 * An early answer is used only while this fresh (ms since its call started): a widget that
 * arrives later, or a route opened again after a while, asks the server again.
 */
export const FIRST_SCREEN_MAX_AGE_MS = 10_000;

/** The most calls one route or widget may declare (the manifest's schema enforces it). */
export const MAX_FIRST_SCREEN_CALLS = 4;

/**
 * A query or body value that starts with this names a parameter of the route's own hash query:
 * `{ "room_id": ":id" }` on #/live?id=1 asks with room_id 1 (in a body, a whole number is sent as
 * a number, as the code sends an id). The call is not started when the hash has no such parameter.
 */
export const FIRST_SCREEN_ROUTE_PARAM_PREFIX = ':';

/** A plain value of a declared query or body. */
export type FirstScreenValue = string | number | boolean;

/** One call of a first screen, as a route manifest declares it: a read, never a change. */
export interface FirstScreenCall {
  /** The API path under the site, without a leading slash: 'api/Live_streaming/getLiveList'. */
  path: string;
  /** GET (the default), or POST for a read the API takes as a POST with a JSON body (`api/hot_match/all_match`). */
  method?: 'GET' | 'POST';
  /** The query, with the names and values the remote's code sends. */
  query?: Record<string, FirstScreenValue>;
  /** A POST's JSON body (one level of plain values), as the remote's code sends it. */
  body?: Record<string, FirstScreenValue>;
}

/** What the page's first script stored for one call. */
interface EarlyAnswer {
  /** Date.now() when the call started. */
  at: number;
  /** Whether the HTTP status was 2xx, and the body's text; null when no answer came (network, abort). */
  answer: Promise<{ ok: boolean; text: string } | null>;
}

/**
 * The key of one call: the method, the path without leading slashes and the query with its names
 * sorted (URLSearchParams' encoding); for a POST, then a space and its body as JSON with its names
 * sorted. So a call matches whatever order the code and the manifest list the names in. `url` is
 * what requestUrlOf made for the call (site-relative or absolute).
 */
export function firstScreenKeyOf(method: 'GET' | 'POST', url: string, body?: unknown): string {
  const parsed = new URL(url, 'http://first-screen.invalid/');
  const query = new URLSearchParams(parsed.search);
  query.sort();
  const search = query.toString();
  const address = parsed.pathname.replace(/^\/+/, '') + (search === '' ? '' : `?${search}`);
  return method === 'GET' ? `GET ${address}` : `POST ${address} ${sortedJson(body)}`;
}

/**
 * The early answer for a call, taken (a second ask gets null: the next call of the same address
 * wants fresh data), or null: none was started, it is older than FIRST_SCREEN_MAX_AGE_MS, or the
 * call is not one the page's script could have made (another site, a body that is not a plain
 * object of plain values).
 */
export function takeFirstScreenAnswer(method: 'GET' | 'POST', url: string, body?: unknown, now = Date.now()): EarlyAnswer['answer'] | null {
  const store = (globalThis as Record<string, unknown>)[FIRST_SCREEN_GLOBAL] as Record<string, EarlyAnswer | undefined> | undefined;
  if (!store || typeof store !== 'object' || !isThisSite(url)) return null;
  if (method === 'POST' && !isFlatObject(body)) return null;
  const key = firstScreenKeyOf(method, url, body);
  const early = store[key];
  if (!early) return null;
  delete store[key];
  if (typeof early.at !== 'number' || now - early.at > FIRST_SCREEN_MAX_AGE_MS || typeof early.answer?.then !== 'function') return null;
  return early.answer;
}

/**
 * An early answer, or null when its call failed or took longer than `ms`: the page's script sets
 * no timeout of its own, so a call that hangs must not hang the code that took it (the client
 * then asks again, with its own timeout).
 */
export async function earlyAnswerWithin(answer: EarlyAnswer['answer'], ms: number): Promise<{ ok: boolean; text: string } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([answer.catch(() => null), new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

function sortedJson(body: unknown): string {
  if (!isFlatObject(body)) return '';
  const sorted: Record<string, unknown> = {};
  for (const name of Object.keys(body).sort()) sorted[name] = body[name];
  return JSON.stringify(sorted);
}

function isFlatObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every((each) => each === undefined || ['string', 'number', 'boolean'].includes(typeof each));
}

/** A site-relative address, or an absolute one of the page's own origin. */
function isThisSite(url: string): boolean {
  if (!/^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)) return true;
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin !== undefined && url.startsWith(`${origin}/`);
}
