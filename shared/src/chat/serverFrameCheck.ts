import type { ChatServerFrame } from './protocol';
import { Check } from './serverFrameCheck.generated';

/**
 * Whether a frame the server sent has the protocol's shape: TypeBox's standalone check of
 * ChatServerFrameSchema, generated at build time (serverFrameCheckSource.ts), so the page runs
 * plain comparisons and ships no TypeBox interpreter and no schemas.
 */
export function isChatServerFrame(frame: unknown): frame is ChatServerFrame {
  return Check(frame) === true;
}
