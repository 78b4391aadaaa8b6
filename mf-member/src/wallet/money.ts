/**
 * Amounts typed in yuan, sent in fen: integers only, never a float. `12`, `12.5`, `12.50` and
 * `0.10` are read digit by digit into 1200, 1250, 1250 and 10 fen; more than two decimals, signs,
 * exponents or anything else is not an amount.
 */
export function parseYuan(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}

/** fen as yuan without the sign, for the field after a choice: 1250 → '12.50'. */
export function fenToYuanText(fen: number): string {
  const whole = Math.trunc(fen);
  return `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** A whole number typed in a field (coins): digits only, at most 9 of them. */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}
