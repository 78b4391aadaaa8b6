import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/** Network failures of the peer's side: the client went away mid-frame. */
const NETWORK_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);

/**
 * Errors on an established socket that the client caused: ws's protocol checks (`WS_ERR_*`: a
 * frame over maxPayload, invalid UTF-8, an unmasked frame, a bad opcode...) or its connection
 * dropping. Anything else is ours.
 */
export function isClientSocketError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('WS_ERR_') || NETWORK_CODES.has(code));
}

/**
 * @fastify/websocket's `errorHandler` for every socket route (/ws/chat, /ws/live-data). Its default
 * logs each error at error level with a stack, so any client could fill the error log by sending
 * a frame over the bound. A client's mistake is logged at warn (a protocol violation) or info (a
 * dropped connection) with its code and message only; our own faults stay at error.
 */
export function handleWebSocketError(error: Error, socket: WebSocket, request: FastifyRequest): void {
  if (isClientSocketError(error)) {
    const code = (error as { code?: string }).code ?? '';
    const level = code.startsWith('WS_ERR_') ? 'warn' : 'info';
    request.log[level]({ wsError: code, url: request.url }, `websocket client error: ${error.message}`);
  } else {
    request.log.error({ err: error, url: request.url }, 'websocket handler failed');
  }
  socket.terminate();
}
