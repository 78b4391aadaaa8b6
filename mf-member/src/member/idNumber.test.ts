import { describe, expect, it } from 'vitest';
import { checkIdNumber, normalizeIdNumber } from './idNumber';

describe('checkIdNumber (GB 11643)', () => {
  it('accepts a valid number, an x check character in either case', () => {
    expect(checkIdNumber('11010519491231002X')).toBeNull();
    expect(checkIdNumber('11010519491231002x')).toBeNull();
    expect(normalizeIdNumber(' 11010519491231002x ')).toBe('11010519491231002X');
  });

  it('names what is wrong', () => {
    expect(checkIdNumber('1101051949123100')).toBe('format');
    expect(checkIdNumber('11010519491231002Y')).toBe('format');
    expect(checkIdNumber('99010519491231002X')).toBe('format');
    expect(checkIdNumber('110105194902300021')).toBe('birthDate');
    expect(checkIdNumber('110105209901010011', new Date('2026-01-01T00:00:00Z'))).toBe('birthDate');
    expect(checkIdNumber('110105194912310021')).toBe('checksum');
  });
});
