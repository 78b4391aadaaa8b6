import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { errors } from './errorCatalogue';
import { rawEnvelopeAnswer } from './rawAnswers';

type ConnectionError = Error & { code?: string };

/**
 * Fastify's `clientErrorHandler`: what Node reports before a request reaches Fastify (headers
 * or body not arrived within the timeouts, headers too large, bytes that are not HTTP). The
 * client gets the envelope (Fastify's default answers its own JSON shape) and the socket is
 * closed. Client mistakes are logged at debug: nothing the server can fix.
 */
export function answerClientError(this: { log: FastifyBaseLogger }, error: ConnectionError, socket: Socket): void {
  // A reset connection is gone: there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? errors.REQUEST_TIMEOUT()
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? errors.HEADERS_TOO_LARGE()
        : errors.BAD_REQUEST_FORMAT();
  this.log.debug({ err: error, status: answer.httpStatus }, 'client error before routing');
  // As Node does: only when no answer has begun on this socket (a request timing out mid-answer just closes).
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && answering?.headersSent !== true) {
    // Closed once the answer is handed to the kernel; a client that never reads does not hold it longer than a second.
    socket.end(rawEnvelopeAnswer(answer), () => socket.destroy());
    setTimeout(() => socket.destroy(), 1_000).unref();
  } else {
    socket.destroy();
  }
}
