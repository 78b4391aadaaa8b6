/** A card number as typed, without spaces or dashes (what the server takes: digits only). */
export function normalizeCardNumber(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/**
 * The Luhn (mod 10) check every bank card number passes: a mistyped digit or two swapped
 * neighbours fail it. Only a hint for the member: the server checks it again and decides.
 */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What is wrong with a typed card number, or null: 12-19 digits, passing Luhn. */
export function cardNumberProblem(text: string): 'format' | 'checksum' | null {
  const digits = normalizeCardNumber(text);
  if (!/^\d{12,19}$/.test(digits)) return 'format';
  return passesLuhn(digits) ? null : 'checksum';
}
