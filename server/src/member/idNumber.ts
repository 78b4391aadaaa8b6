/**
 * Chinese resident ID numbers (GB 11643-1999): 6 digits of region, 8 of birth date (YYYYMMDD),
 * 3 of sequence and a check character computed with ISO 7064 MOD 11-2 (0-9 or X).
 */

/** The weights of the first 17 digits (2^(17-i) mod 11). */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** The check character for each remainder of the weighted sum mod 11. */
const CHECK_CHARACTERS = '10X98765432';
/** Province-level codes (the first two digits) GB/T 2260 assigns, and 83 for Taiwan residents' permits. */
const PROVINCE_CODES = new Set([11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83]);
/** No resident alive was born before this. */
const EARLIEST_BIRTH_YEAR = 1900;

export type IdNumberCheck = { valid: true; idNumber: string; birthDate: string } | { valid: false; problem: 'format' | 'birth_date' };

/** Trimmed, with a lower-case check character read as X: the form stored and fingerprinted. */
export function normaliseIdNumber(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The check character the first 17 digits call for. */
export function checkCharacter(first17: string): string {
  let sum = 0;
  for (let index = 0; index < 17; index += 1) sum += Number(first17[index]) * (WEIGHTS[index] as number);
  return CHECK_CHARACTERS[sum % 11] as string;
}

/**
 * Checks the shape, the region, the birth date (a real day, not after `today`, not before 1900)
 * and the check character. `today` is the date (UTC+8) the check runs.
 */
export function checkIdNumber(raw: string, today: Date): IdNumberCheck {
  const idNumber = normaliseIdNumber(raw);
  if (!/^[0-9]{17}[0-9X]$/.test(idNumber)) return { valid: false, problem: 'format' };
  if (!PROVINCE_CODES.has(Number(idNumber.slice(0, 2)))) return { valid: false, problem: 'format' };
  const year = Number(idNumber.slice(6, 10));
  const month = Number(idNumber.slice(10, 12));
  const day = Number(idNumber.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  const realDay = birth.getUTCFullYear() === year && birth.getUTCMonth() === month - 1 && birth.getUTCDate() === day;
  const todayUtc8 = new Date(today.getTime() + 8 * 3_600_000);
  const todayStart = Date.UTC(todayUtc8.getUTCFullYear(), todayUtc8.getUTCMonth(), todayUtc8.getUTCDate());
  if (!realDay || year < EARLIEST_BIRTH_YEAR || birth.getTime() > todayStart) return { valid: false, problem: 'birth_date' };
  if (checkCharacter(idNumber.slice(0, 17)) !== idNumber[17]) return { valid: false, problem: 'format' };
  return { valid: true, idNumber, birthDate: `${idNumber.slice(6, 10)}-${idNumber.slice(10, 12)}-${idNumber.slice(12, 14)}` };
}

/** `1****************X`: the first and the last character, the rest hidden. */
export function maskIdNumber(idNumber: string): string {
  if (idNumber.length <= 2) return '*'.repeat(idNumber.length);
  return `${idNumber[0]}${'*'.repeat(idNumber.length - 2)}${idNumber[idNumber.length - 1]}`;
}
