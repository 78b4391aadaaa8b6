/**
 * Card numbers and Alipay accounts as the site shows them: never whole (DESIGN.md section 4).
 * Pure functions; payoutAccounts.ts stores the whole value encrypted.
 */

/** The Luhn (mod 10) check every bank card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number the site accepts: 12-19 digits passing Luhn. */
export function isCardNumber(digits: string): boolean {
  return /^[0-9]{12,19}$/.test(digits) && passesLuhn(digits);
}

/** `**** **** **** 1234`: the last four digits only. */
export function maskCardNumber(digits: string): string {
  return `**** **** **** ${digits.slice(-4)}`;
}

/** `138****8000` for a mobile number; `ab***@example.com` for an email (the first two characters of the name at most). */
export function maskAlipayAccount(account: string): string {
  const at = account.indexOf('@');
  if (at < 0) return `${account.slice(0, 3)}****${account.slice(-4)}`;
  const name = account.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length - 1))}***${account.slice(at)}`;
}

/** The last four characters (what a card is recognised by). */
export function lastFour(value: string): string {
  return value.slice(-4);
}

/** Fen as yuan for messages: `12.3` → `12.30`; whole yuan without decimals (`10`). */
export function yuan(fen: number): string {
  return fen % 100 === 0 ? String(fen / 100) : `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}
