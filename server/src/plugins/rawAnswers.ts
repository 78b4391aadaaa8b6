/**
 * Answers written straight to a socket, where Fastify never sees the request (a connection
 * refused before it is read, a request that timed out): still the site's envelope, with the
 * readable message the page shows for any other error.
 */
export const connectionMessages = {
  timeout: '请求超时，请重试',
  tooManyConnections: '连接过多，请稍后再试',
  headersTooLarge: '请求头过大',
  badRequest: '请求格式错误',
} as const;

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 429: 'Too Many Requests', 431: 'Request Header Fields Too Large' };

/** A complete HTTP/1.1 answer `{code: 1, msg, data: null}` that closes the connection. */
export function rawEnvelopeAnswer(status: 400 | 408 | 429 | 431, msg: string): string {
  const body = JSON.stringify({ code: 1, msg, data: null });
  return [
    `HTTP/1.1 ${status} ${REASONS[status]}`,
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
