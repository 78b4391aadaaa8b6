import { FIRST_SCREEN_ROUTE_PARAM_PREFIX, firstScreenKeyOf, type FirstScreenCall, type FirstScreenValue } from '../api/firstScreenData';
import type { QueryParams } from '../api/requestUrl';

/**
 * The key of a declared call as the page's first script makes it (host/src/index.html), with the
 * route's own parameters: tests hold the script's keys and the API client's to it. Null when a
 * parameter the call names is missing (the script starts no such call).
 */
export function firstScreenKeyOfCall(call: FirstScreenCall, routeParams: QueryParams = {}): string | null {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) {
    const resolved = resolvedValue(value, routeParams, false);
    if (resolved === null) return null;
    query.append(name, String(resolved));
  }
  const search = query.toString();
  const url = `/${call.path}${search === '' ? '' : `?${search}`}`;
  if ((call.method ?? 'GET') === 'GET') return firstScreenKeyOf('GET', url);
  const body: Record<string, FirstScreenValue> = {};
  for (const [name, value] of Object.entries(call.body ?? {})) {
    const resolved = resolvedValue(value, routeParams, true);
    if (resolved === null) return null;
    body[name] = resolved;
  }
  return firstScreenKeyOf('POST', url, body);
}

function resolvedValue(value: FirstScreenValue, routeParams: QueryParams, inBody: boolean): FirstScreenValue | null {
  if (typeof value !== 'string' || !value.startsWith(FIRST_SCREEN_ROUTE_PARAM_PREFIX)) return value;
  const given = routeParams[value.slice(FIRST_SCREEN_ROUTE_PARAM_PREFIX.length)];
  if (given === undefined || given === null) return null;
  const text = String(given);
  return inBody && /^-?\d{1,15}$/.test(text) ? Number(text) : text;
}
