import { describe, expect, it } from 'vitest';
import { detectImageType } from './imageType';
import { TINY_PNG } from '../../testing/images';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))));

describe('detectImageType', () => {
  it.each([
    ['png', TINY_PNG, 'image/png'],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF'), 'image/jpeg'],
    ['gif87a', bytes('GIF87a', 1, 0), 'image/gif'],
    ['gif89a', bytes('GIF89a', 1, 0), 'image/gif'],
    ['webp', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
  ])('recognises %s by its magic bytes', (_name, data, contentType) => {
    expect(detectImageType(data)?.contentType).toBe(contentType);
  });

  it.each([
    ['text named .png', Buffer.from('not a png at all')],
    ['svg (script-capable)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['html', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['RIFF but not WEBP', bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt ')],
    ['truncated png', TINY_PNG.subarray(0, 4)],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s', (_name, data) => {
    expect(detectImageType(data)).toBeNull();
  });
});
