import { CHAT_MESSAGE_MAX_LENGTH } from '@sports/shared/server';

/**
 * Chat text is plain text: control characters (C0, DEL, C1), bidi overrides and zero-width
 * formatting that could disguise a message are removed, line breaks and tabs become spaces, and
 * the result is trimmed. HTML is NOT escaped or stripped here: it stays text (`<b>` arrives as
 * the four characters), and clients render text nodes only.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;
const BREAKS = /[\t\n\r]+/g;

export type CleanText = { ok: true; text: string } | { ok: false; code: 'empty' | 'too-long' };

export function cleanChatText(raw: string, maxLength = CHAT_MESSAGE_MAX_LENGTH): CleanText {
  const text = raw.replace(BREAKS, ' ').replace(CONTROL, '').trim();
  if (text === '') return { ok: false, code: 'empty' };
  // Characters as people count them: an emoji (a surrogate pair) is one.
  if ([...text].length > maxLength) return { ok: false, code: 'too-long' };
  return { ok: true, text };
}
