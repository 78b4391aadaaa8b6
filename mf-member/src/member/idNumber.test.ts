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

  it("a birth date up to today's China day, whatever the browser's zone", () => {
    const withCheck = (first17: string) => first17 + '10X98765432'[[...first17].reduce((sum, digit, index) => sum + Number(digit) * ([7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2][index] ?? 0), 0) % 11];
    const now = new Date('2026-11-22T23:30:00Z'); // 07:30 on 11-23 in China, still 11-22 in UTC
    expect(checkIdNumber(withCheck('11010520261123001'), now)).toBeNull();
    expect(checkIdNumber(withCheck('11010520261124001'), now)).toBe('birthDate');
  });
});
