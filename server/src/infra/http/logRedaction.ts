import type { FastifyRequest } from 'fastify';
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import type { LogLevel } from '../config/envVars';

/**
 * What the server's log never holds (issue 32): payment and login passwords, SMS codes, card
 * numbers, ID numbers, payout accounts and their holders' names, tokens and signatures (a
 * gateway's notify `sign`), wherever they travel: a query string (`req.url` of the request lines,
 * the `url` a WebSocket or connection line carries), a body or query object a line logs, headers.
 *
 * - **URLs** (`url` at any of the first three levels, `req.url` included) keep their path and their
 *   other parameters; each secret parameter's value becomes `[redacted]`. The request serializer
 *   does the same to the request line itself.
 * - **Fields** whose name can only be a secret are redacted at any of the first three levels;
 *   `code` and `account` only inside `body`, `query` and `params` objects (elsewhere `code` is a
 *   process's exit code or an envelope's, `account` a ledger's).
 *
 * main.ts builds the process's logger with `createServerLogger`, and buildApp its own the same way
 * when none is given. Tests that start the real server grep its log for planted secrets
 * (infra/http/logRedaction.test.ts).
 */

export const REDACTED = '[redacted]';

/** Query parameters (case-insensitive) whose values never reach a log line. */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'password',
  'payment_password',
  'new_password',
  'old_password',
  'code',
  'card_number',
  'id_number',
  'account',
  'holder',
  'token',
  'access_token',
  'sign',
  'signature',
  'sig',
  'usersig',
]);

/** Field names that are secrets wherever they appear. */
const SECRET_FIELDS = ['password', 'payment_password', 'new_password', 'old_password', 'card_number', 'id_number', 'holder', 'token', 'access_token', 'sign', 'signature'];
/** Field names that are secrets only as request input (body, query, params). */
const INPUT_FIELDS = ['code', 'account'];
const HEADERS = ['cookie', 'authorization', 'token', '"x-ops-token"', '"set-cookie"'];

function redactionPaths(): string[] {
  const paths: string[] = [];
  for (const field of SECRET_FIELDS) paths.push(field, `*.${field}`, `*.*.${field}`);
  for (const holder of ['body', 'query', 'params']) {
    for (const field of INPUT_FIELDS) paths.push(`${holder}.${field}`, `*.${holder}.${field}`);
  }
  for (const header of HEADERS) {
    const key = header.startsWith('"') ? `[${header}]` : `.${header}`;
    paths.push(`headers${key}`, `*.headers${key}`);
  }
  paths.push('url', '*.url', '*.*.url');
  return paths;
}

/** The URL with every secret parameter's value replaced (path and other parameters as they were). */
export function maskUrlSecrets(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_QUERY_PARAMETERS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}${url.slice(end)}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The censor of every redaction path: URLs are masked, other values replaced. */
function censor(value: unknown, path: string[]): unknown {
  if (path[path.length - 1] === 'url') return typeof value === 'string' ? maskUrlSecrets(value) : value;
  return REDACTED;
}

/** Fastify's request serializer (pino-http's shape) with the URL's secrets masked. */
export function requestSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? maskUrlSecrets(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The pino options of the server's logger: level, redaction, the masked request line. */
export function serverLoggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    redact: { paths: redactionPaths(), censor },
    serializers: { req: requestSerializer as unknown as (value: unknown) => unknown },
  };
}

/** The server's logger (stdout, or `stream` in tests). */
export function createServerLogger(level: LogLevel, stream?: DestinationStream): Logger {
  return stream === undefined ? pino(serverLoggerOptions(level)) : pino(serverLoggerOptions(level), stream);
}
