import { describe, expect, it } from 'vitest';
import { checkCharacter, checkIdNumber, maskIdNumber } from './idNumber';
import { maskLegalName, normaliseLegalName } from './legalName';

const today = new Date('2026-06-15T12:00:00Z');

describe('resident ID numbers (GB 11643-1999, ISO 7064 MOD 11-2)', () => {
  it.each(['11010519491231002X', '11010519491231002x', '440304199001010011', '320102198506150030', '310115200002290048'])('accepts %s', (idNumber) => {
    expect(checkIdNumber(idNumber, today)).toMatchObject({ valid: true, idNumber: idNumber.toUpperCase() });
  });

  it('computes the check character, X for 10', () => {
    expect(checkCharacter('11010519491231002')).toBe('X');
    expect(checkCharacter('44030419900101001')).toBe('1');
  });

  it.each([
    ['110105194912310021', 'format'], // wrong check digit
    ['11010519491231002Y', 'format'],
    ['11010519491231002', 'format'], // 17 characters
    ['11010519491231002X1', 'format'], // 19
    ['00010519491231002X', 'format'], // no such region
    ['110105 19491231002X', 'format'],
    ['110105194902300020', 'birth_date'], // 30 February
    ['110105190001000020', 'birth_date'], // month 00
    ['110105189912310020', 'birth_date'], // before 1900
    [`110105202606160010`, 'birth_date'], // tomorrow (UTC+8)
  ])('refuses %s (%s)', (idNumber, problem) => {
    expect(checkIdNumber(idNumber, today)).toEqual({ valid: false, problem });
  });

  it('accepts a birth date of today (UTC+8)', () => {
    const first17 = '11010520260615001';
    expect(checkIdNumber(first17 + checkCharacter(first17), today).valid).toBe(true);
    // 23:30 UTC on the 14th is already the 15th in Beijing.
    expect(checkIdNumber(first17 + checkCharacter(first17), new Date('2026-06-14T23:30:00Z')).valid).toBe(true);
    expect(checkIdNumber(first17 + checkCharacter(first17), new Date('2026-06-14T15:30:00Z')).valid).toBe(false);
  });

  it('masks all but the first and last characters', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('1****************X');
  });
});

describe('legal names', () => {
  it.each([
    ['张三', '张三'],
    [' 王小明 ', '王小明'],
    ['阿卜杜·热合曼', '阿卜杜·热合曼'],
    ['阿卜杜•热合曼', '阿卜杜·热合曼'],
  ])('accepts %s', (raw, stored) => {
    expect(normaliseLegalName(raw)).toBe(stored);
  });

  it.each(['张', 'Zhang San', '张三1', '·张三', '张三·', '张··三', '张 三', '张'.repeat(31), '<b>张三</b>'])('refuses %s', (raw) => {
    expect(normaliseLegalName(raw)).toBeNull();
  });

  it('masks: 张*三, *三, 欧**锋', () => {
    expect(maskLegalName('张小三')).toBe('张*三');
    expect(maskLegalName('张三')).toBe('*三');
    expect(maskLegalName('欧阳小锋')).toBe('欧**锋');
  });
});
