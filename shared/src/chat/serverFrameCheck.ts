import { Value } from 'typebox/value';
import { type ChatServerFrame, ChatServerFrameSchema } from './protocol';

/**
 * Whether a frame the server sent has the protocol's shape. Its own module, loaded by the
 * built-in client with its first connection: TypeBox never ships in @sports/shared's browser
 * entry (the page singleton), only in this lazy chunk, fetched by pages that open a chat.
 */
export function isChatServerFrame(frame: unknown): frame is ChatServerFrame {
  return Value.Check(ChatServerFrameSchema, frame);
}
