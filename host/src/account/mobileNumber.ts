/**
 * The mobile the API takes is country code + '-' + number (SPEC.md section 3), e.g.
 * '86-13800138000'. The form keeps the two parts apart.
 */
export function composeMobile(countryCode: string, number: string): string {
  return `${countryCode}-${number}`.trim();
}

/** Splits a saved mobile back into its parts; null when it is not in the composed form. */
export function splitMobile(mobile: string): { countryCode: string; number: string } | null {
  const match = /^(\d{1,4})-(\d{1,11})$/.exec(mobile.trim());
  if (!match) return null;
  return { countryCode: match[1] ?? '', number: match[2] ?? '' };
}

/** What a digits-only field keeps of typed or pasted text: the digits, at most `maxLength`. */
export function keepDigits(raw: string, maxLength: number): string {
  return raw.replace(/\D/g, '').slice(0, maxLength);
}

/** Invite codes are letters and digits only. */
export function keepAlphanumeric(raw: string, maxLength: number): string {
  return raw.replace(/[^0-9A-Za-z]/g, '').slice(0, maxLength);
}
