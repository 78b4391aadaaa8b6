import { CHAT_CLIENT_FRAME_TYPES, CHAT_MAX_FRAME_BYTES, type ChatClientFrame, ChatClientFrameSchema, type ChatServerFrame } from '@sports/shared/server';
import { Compile } from 'typebox/compile';
import { type JsonFrameProblem, readJsonFrame } from '../infra/sockets/jsonFrame';
import { textFrame } from '../infra/sockets/textFrame';
import { chatMessages } from './chatMessages';

const checkFrame = Compile(ChatClientFrameSchema);
const KNOWN_TYPES = new Set<string>(CHAT_CLIENT_FRAME_TYPES);

const JSON_PROBLEMS: Record<JsonFrameProblem, string> = { binary: chatMessages.badFrame, 'too-large': chatMessages.tooLarge, 'not-json': chatMessages.notJson };

export type ParsedChatFrame = { ok: true; frame: ChatClientFrame } | { ok: false; message: string; ref?: string };

/** Validates one incoming frame (shared/src/chat/protocol.ts); nothing unchecked reaches the hub. */
export function parseChatFrame(data: Buffer, isBinary: boolean): ParsedChatFrame {
  const read = readJsonFrame(data, isBinary, CHAT_MAX_FRAME_BYTES);
  if (!read.ok) return { ok: false, message: JSON_PROBLEMS[read.problem] };
  const value = read.value;
  if (typeof value !== 'object' || value === null) return { ok: false, message: chatMessages.badFrame };
  const { type, ref } = value as { type?: unknown; ref?: unknown };
  // The ref is echoed on the error when it looks like one, so the client can fail that request.
  const echo = typeof ref === 'string' && ref.length > 0 && ref.length <= 64 ? { ref } : {};
  if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) return { ok: false, message: chatMessages.unknownType, ...echo };
  if (!checkFrame.Check(value)) return { ok: false, message: chatMessages.badFrame, ...echo };
  return { ok: true, frame: value };
}

/** A server frame as the complete WebSocket frame written to the socket (encoded once). */
export function encodeChatFrame(frame: ChatServerFrame): Buffer {
  return textFrame(Buffer.from(JSON.stringify(frame)));
}
