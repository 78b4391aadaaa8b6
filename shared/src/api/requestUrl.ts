/** A call's query: scalars; a list is sent as `key[]=a&key[]=b`; undefined and null are left out. */
export type QueryParams = Record<string, unknown>;

/**
 * The address of one call: `path` under `baseURL` (one slash between them), or `path` itself when
 * it is absolute, with `params` as its query (added to any query the path has). What axios sent
 * for the same arguments, so the server reads them as before: a list as `key[]`, a Date as ISO
 * text, an object as JSON.
 */
export function requestUrlOf(baseURL: string, path: string, params?: QueryParams): string {
  const address = /^([a-z][a-z\d+\-.]*:)?\/\//i.test(path) ? path : `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) for (const each of value) appendValue(query, `${key}[]`, each);
    else appendValue(query, key, value);
  }
  const text = query.toString();
  if (text === '') return address;
  return `${address}${address.includes('?') ? '&' : '?'}${text}`;
}

function appendValue(query: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (value instanceof Date) query.append(key, value.toISOString());
  else if (typeof value === 'object') query.append(key, JSON.stringify(value));
  else query.append(key, String(value));
}
