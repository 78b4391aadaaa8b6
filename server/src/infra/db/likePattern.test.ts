import { describe, expect, it } from 'vitest';
import { containsPattern } from './likePattern';

describe('containsPattern', () => {
  it('wraps plain text', () => {
    expect(containsPattern('英超')).toBe('%英超%');
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('c:\\x')).toBe('%c:\\\\x%');
  });
});
