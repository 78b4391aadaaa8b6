import type { FastifySchema } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Database } from '../infra/db/schema';
import type { RegisteredRoute } from '../infra/http/routeTable';

/**
 * The route fuzz kit (used by http/routeFuzz.test.ts): hostile requests made from each route's
 * own schema as Fastify registered it, so a route added tomorrow is fuzzed without editing the suite.
 * Each case breaks one input (a field, a whole body, a path parameter) and keeps the rest plausible,
 * so the broken input is what the server has to deal with.
 */

/** What a URL or a query string can carry. */
export const HOSTILE_TEXTS: readonly string[] = [
  '',
  'abc',
  // Numeric edges: beyond int4, beyond bigint, beyond a double's integers, and what loose parsing turns into 16.
  '1e300',
  '9223372036854775808',
  '100000000000000000000',
  '3000000000',
  '2147483648',
  '-1',
  '0',
  '-0',
  '1.5',
  '0x10',
  '1e1',
  ' 16',
  '+16',
  '016',
  'NaN',
  'Infinity',
  // Injection.
  "' OR 1=1--",
  '1; drop table users',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%',
  // Control characters PostgreSQL or a log line must never get.
  '\u0000',
  'a\u0000b',
  'a\u001fb',
  '\u007f',
  'a\nb',
  '\ud800',
  // Oversized.
  'x'.repeat(5_000),
];

/** What a JSON body can carry besides the texts: numbers PostgreSQL cannot take, and wrong types. */
export const HOSTILE_JSON_VALUES: readonly unknown[] = [
  ...HOSTILE_TEXTS,
  1e300,
  2 ** 63,
  1e21,
  3_000_000_000,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0,
  1.5,
  -2_147_483_649,
  null,
  true,
  [],
  [1],
  {},
  { $gt: '' },
  'x'.repeat(60_000),
];

/** Whole bodies: not JSON, not an object, too large, prototype pollution. */
export const HOSTILE_RAW_BODIES: readonly string[] = [
  '{',
  'null',
  '[]',
  '"text"',
  '1e300',
  '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}',
  JSON.stringify({ padding: 'x'.repeat(70 * 1024) }),
];

export interface FuzzRequest {
  /** What the case tries, for failure messages: `query match_id = "1e300"`. */
  label: string;
  method: string;
  url: string;
  /** Raw body text (sent as application/json), or none. */
  body?: string;
}

type JsonSchema = TSchema & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  items?: JsonSchema;
};

/** Every hostile request for one route. */
export function fuzzRequests(route: RegisteredRoute): FuzzRequest[] {
  const schema = (route.schema ?? {}) as FastifySchema & { querystring?: JsonSchema; body?: JsonSchema; params?: JsonSchema };
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  const hasWildcard = route.url.endsWith('*');
  const baseParams = Object.fromEntries(paramNames.map((name) => [name, plausibleText(schema.params?.properties?.[name])]));
  const baseQuery = plausibleObject(schema.querystring);
  const takesBody = route.method !== 'GET' && route.method !== 'HEAD';
  const baseBody = takesBody ? plausibleObject(schema.body) : undefined;

  const requests: FuzzRequest[] = [];
  const add = (label: string, params: Record<string, string>, query: Record<string, unknown> | string, body?: string) => {
    requests.push({ label, method: route.method, url: buildUrl(route.url, params, query), body: body ?? (baseBody === undefined ? undefined : JSON.stringify(baseBody)) });
  };

  for (const name of paramNames) {
    for (const text of HOSTILE_TEXTS) add(`path ${name} = ${show(text)}`, { ...baseParams, [name]: text }, baseQuery);
  }
  if (hasWildcard) {
    for (const text of HOSTILE_TEXTS) add(`path * = ${show(text)}`, { ...baseParams, '*': text }, baseQuery);
  }

  // The query: each declared field broken in turn; without a schema, the names routes commonly read.
  const queryFields = schema.querystring?.properties ?? { id: {}, room_id: {}, match_id: {}, name: {} };
  for (const [field, fieldSchema] of Object.entries(queryFields)) {
    if (schema.querystring?.required?.includes(field) === true) add(`query ${field} missing`, baseParams, without(baseQuery, field));
    for (const text of HOSTILE_TEXTS) add(`query ${field} = ${show(text)}`, baseParams, { ...baseQuery, [field]: text });
    add(`query ${field} repeated`, baseParams, `${queryString(without(baseQuery, field))}&${field}=1&${field}=2`);
    add(`query ${field} bad escape`, baseParams, `${queryString(without(baseQuery, field))}&${field}=%E0%A4%A`);
  }

  if (takesBody) {
    const bodyFields = schema.body?.properties ?? { id: {}, name: {} };
    for (const [field, fieldSchema] of Object.entries(bodyFields)) {
      void fieldSchema;
      const rest = baseBody ?? {};
      if (schema.body?.required?.includes(field) === true) add(`body ${field} missing`, baseParams, baseQuery, JSON.stringify(without(rest, field)));
      for (const value of HOSTILE_JSON_VALUES) add(`body ${field} = ${show(value)}`, baseParams, baseQuery, JSON.stringify({ ...rest, [field]: value }));
    }
    for (const raw of HOSTILE_RAW_BODIES) add(`body = ${show(raw)}`, baseParams, baseQuery, raw);
  }
  return requests;
}

/**
 * One well-formed request for a route, from its schema: every required field (and, with
 * `allFields`, every optional one too) at a value the schema accepts; `overrides` replace fields
 * of the query, the body or the path by name (a real room id instead of 1, …).
 */
export function plausibleRequest(route: RegisteredRoute, options: { allFields?: boolean; overrides?: Record<string, unknown> } = {}): { method: string; url: string; body?: string } {
  const schema = (route.schema ?? {}) as FastifySchema & { querystring?: JsonSchema; body?: JsonSchema; params?: JsonSchema };
  const overrides = options.overrides ?? {};
  const fill = (object: JsonSchema | undefined) => {
    const base = options.allFields === true ? plausibleObject(object, true) : plausibleObject(object);
    for (const field of Object.keys(base)) if (overrides[field] !== undefined) base[field] = overrides[field];
    return base;
  };
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  const params = Object.fromEntries(paramNames.map((name) => [name, overrides[name] !== undefined ? String(overrides[name]) : plausibleText(schema.params?.properties?.[name])]));
  const takesBody = route.method !== 'GET' && route.method !== 'HEAD';
  const body = takesBody ? JSON.stringify(fill(schema.body)) : undefined;
  return { method: route.method, url: buildUrl(route.url, params, fill(schema.querystring)), ...(body === undefined ? {} : { body }) };
}

/** A value each declared field accepts (so that only the field a case breaks is wrong). */
function plausibleObject(schema: JsonSchema | undefined, allFields = false): Record<string, unknown> {
  if (schema?.properties === undefined) return {};
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([field]) => allFields || required.has(field))
      .map(([field, fieldSchema]) => [field, plausibleValue(fieldSchema)]),
  );
}

/** Known-good examples for strings with a pattern; the first the schema accepts is used. */
const STRING_EXAMPLES = ['abc', '1', 'mf_live', '86-13800000000', '2026-01-01', '2026-01-01T12:00:00Z', '0.1.0-0123abcd', 'room1', 'room1.flv', 'index.m3u8'];

function plausibleValue(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.anyOf !== undefined && schema.anyOf.length > 0) return plausibleValue(schema.anyOf[0] as JsonSchema);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return plausibleObject(schema);
    case 'string':
      return STRING_EXAMPLES.find((example) => Value.Check(schema, example)) ?? 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    default:
      return 'abc';
  }
}

function plausibleText(schema: JsonSchema | undefined): string {
  return schema === undefined ? 'abc' : String(plausibleValue(schema));
}

function without<Item extends Record<string, unknown>>(object: Item, field: string): Record<string, unknown> {
  const { [field]: _dropped, ...rest } = object;
  return rest;
}

function buildUrl(pattern: string, params: Record<string, string>, query: Record<string, unknown> | string): string {
  const path = pattern.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => encodeText(params[name] ?? 'abc')).replace(/\*$/, () => encodeText(params['*'] ?? 'abc'));
  const search = typeof query === 'string' ? query.replace(/^&/, '') : queryString(query);
  return search === '' ? path : `${path}?${search}`;
}

function queryString(query: Record<string, unknown>): string {
  return Object.entries(query)
    .map(([key, value]) => `${encodeText(key)}=${encodeText(String(value))}`)
    .join('&');
}

/** encodeURIComponent, except that a lone surrogate is sent as the (invalid UTF-8) bytes a careless client would send. */
function encodeText(text: string): string {
  let encoded = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    encoded +=
      char.length === 1 && unit >= 0xd800 && unit <= 0xdfff
        ? [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')
        : encodeURIComponent(char);
  }
  return encoded;
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}

/** Text that must never reach a client: stack frames, file paths, SQL and database messages. */
export const LEAK_PATTERNS: readonly RegExp[] = [
  /\bat [\w$.<>]+ \(/,
  /\bat (?:file|node):/,
  /node_modules/,
  /\/src\/[\w/]+\.ts/,
  /\bselect\b[^"]*\bfrom\b/i,
  /\binsert into\b/i,
  /syntax error/i,
  /\brelation "/,
  /violates/i,
  /invalid input syntax/i,
  /out of range for type/i,
  /invalid byte sequence/i,
  /SQLSTATE/i,
  /\bTypeError\b|\bRangeError\b|\bReferenceError\b/,
];

/** Row counts of every table of the app's database. */
export async function tableRowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    const result = await sql<{ count: number }>`select count(*)::int as count from ${sql.table(table)}`.execute(db);
    counts[table] = result.rows[0]?.count ?? 0;
  }
  return counts;
}
