import { describe, expect, it } from 'vitest';
import { unreadBadgeText } from './unreadBadgeText';

describe('unreadBadgeText', () => {
  it('is nothing at 0, the number up to 99, 99+ beyond', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadBadgeText(12_345)).toBe('99+');
  });
});
