/**
 * The client-side check of a mainland resident ID number (GB 11643-1999), mirroring the server's
 * embedded real-name check: 18 characters, 17 digits then a digit or X, a known province code, a real birth date (1900 to today, China's calendar day), and the
 * ISO 7064 MOD 11-2 check character. The server decides; this only saves a round trip.
 */
import { chinaDateKey } from '@sports/shared';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';
/** Province-level codes (GB/T 2260) and 83 (Taiwan residents' permits), as the server takes them. */
const PROVINCE_CODES = new Set([11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83]);

export type IdNumberProblem = 'format' | 'birthDate' | 'checksum';

export function checkIdNumber(raw: string, today: Date = new Date()): IdNumberProblem | null {
  const value = raw.trim().toUpperCase();
  if (!/^[0-9]{17}[0-9X]$/.test(value) || !PROVINCE_CODES.has(Number(value.slice(0, 2)))) return 'format';
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day || `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}` > chinaDateKey(today)) {
    return 'birthDate';
  }
  let sum = 0;
  for (let index = 0; index < 17; index += 1) sum += Number(value[index]) * (WEIGHTS[index] ?? 0);
  return CHECK_CHARS[sum % 11] === value[17] ? null : 'checksum';
}

/** The ID number as it is sent: trimmed, a final x in upper case. */
export function normalizeIdNumber(raw: string): string {
  return raw.trim().toUpperCase();
}
