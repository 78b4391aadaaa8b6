import { describe, expect, it } from 'vitest';
import { cleanChatText } from './chatText';

describe('chat text', () => {
  it('keeps HTML as text, strips control and bidi characters, turns line breaks into spaces', () => {
    expect(cleanChatText('<script>alert(1)</script>')).toEqual({ ok: true, text: '<script>alert(1)</script>' });
    expect(cleanChatText(' a\u0000b\u001bc\u202Ed\u200Be\r\nf\tg ')).toEqual({ ok: true, text: 'abcde f g' });
  });

  it('refuses empty and too long texts, counting an emoji as one character', () => {
    expect(cleanChatText(' \n\u200B ')).toEqual({ ok: false, code: 'empty' });
    expect(cleanChatText('字'.repeat(5), 4)).toEqual({ ok: false, code: 'too-long' });
    expect(cleanChatText('😀'.repeat(4), 4)).toEqual({ ok: true, text: '😀'.repeat(4) });
  });
});
