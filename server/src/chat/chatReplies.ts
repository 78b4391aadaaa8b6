import type { ChatErrorCode, ChatSendRefusal, ChatServerFrame } from '@sports/shared/server';
import type { ChatConnection } from './chatConnection';
import { encodeChatFrame } from './chatFrames';

/** Answers to one connection (encoded, written through the socket kit). */
export function reply(connection: ChatConnection, frame: ChatServerFrame): void {
  connection.write(encodeChatFrame(frame));
}

export function replyError(connection: ChatConnection, requestRef: string | undefined, code: ChatErrorCode, message: string): void {
  reply(connection, { type: 'error', code, message, ...ref(requestRef) });
}

/** A send that was not taken, with why. */
export function refuse(connection: ChatConnection, requestRef: string, code: ChatSendRefusal['code'], message: string): void {
  reply(connection, { type: 'refused', ref: requestRef, refusal: { code, message } });
}

/** The request's ref, echoed when it had one. */
export function ref(value: string | undefined): { ref?: string } {
  return value === undefined ? {} : { ref: value };
}
