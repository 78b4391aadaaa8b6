import { describe, expect, it } from 'vitest';
import { composeMobile, keepAlphanumeric, keepDigits, splitMobile } from './mobileNumber';

describe('mobile numbers', () => {
  it('are sent as country code + "-" + number', () => {
    expect(composeMobile('86', '13800138000')).toBe('86-13800138000');
    expect(splitMobile('852-91234567')).toEqual({ countryCode: '852', number: '91234567' });
    expect(splitMobile('not a mobile')).toBeNull();
  });

  it('keep digits only, at most the max length', () => {
    expect(keepDigits(' 138 0013-8000 99', 11)).toBe('13800138000');
    expect(keepAlphanumeric('ab-12 <CD>', 10)).toBe('ab12CD');
  });
});
