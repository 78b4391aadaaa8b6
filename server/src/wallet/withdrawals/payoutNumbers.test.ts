import { describe, expect, it } from 'vitest';
import { isCardNumber, maskAlipayAccount, maskCardNumber, passesLuhn, yuan } from './payoutNumbers';

describe('payout numbers: Luhn, masks, yuan', () => {
  it('passes card numbers whose last digit is the Luhn check, and no others', () => {
    for (const valid of ['4111111111111111', '6222021234567890128', '5500005555555559', '79927398713']) expect(passesLuhn(valid), valid).toBe(true);
    for (const invalid of ['4111111111111112', '6222021234567890127', '79927398710', '12a4']) expect(passesLuhn(invalid), invalid).toBe(false);
  });

  it('accepts 12 to 19 digits only', () => {
    expect(isCardNumber('4111111111111111')).toBe(true);
    expect(isCardNumber('79927398713')).toBe(false); // 11 digits, Luhn-valid
    expect(isCardNumber('0'.repeat(20))).toBe(false); // 20 digits, Luhn-valid
    expect(isCardNumber('000000000000')).toBe(true); // 12
    expect(isCardNumber('4111 1111 1111 1111')).toBe(false);
  });

  it('masks: the last four of a card; 3 + 4 of a mobile; two letters of an email name', () => {
    expect(maskCardNumber('6222021234567890128')).toBe('**** **** **** 0128');
    expect(maskAlipayAccount('13800138000')).toBe('138****8000');
    expect(maskAlipayAccount('zhangsan@example.com')).toBe('zh***@example.com');
    expect(maskAlipayAccount('z@example.com')).toBe('***@example.com');
    expect(maskAlipayAccount('zs@example.com')).toBe('z***@example.com');
  });

  it('formats fen as yuan', () => {
    expect(yuan(1000)).toBe('10');
    expect(yuan(1005)).toBe('10.05');
    expect(yuan(10)).toBe('0.10');
    expect(yuan(5_000_000)).toBe('50000');
  });
});
