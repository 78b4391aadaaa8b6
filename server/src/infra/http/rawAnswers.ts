import type { BusinessError } from './businessError';
import { fail } from './envelope';

/**
 * Answers written straight to a socket, where Fastify never sees the request (a connection
 * refused before it is read, a request that timed out): still the site's envelope, with the
 * readable message the page shows for any other error.
 */
const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 429: 'Too Many Requests', 431: 'Request Header Fields Too Large' };

/**
 * A complete HTTP/1.1 answer `{code, msg, data: null, reason}` that closes the connection, for a
 * catalogue error (http/errorCatalogue.ts) whose status is one of those above.
 */
export function rawEnvelopeAnswer(error: BusinessError): string {
  const body = JSON.stringify(fail(error.code, error.message, error.reason));
  return [
    `HTTP/1.1 ${error.httpStatus} ${STATUS_TEXT[error.httpStatus] ?? 'Bad Request'}`,
    'Content-Type: application/json; charset=utf-8',
    // Bytes, not characters: the message is Chinese.
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
