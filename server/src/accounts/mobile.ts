import { COUNTRY_CODES } from './countryCodes';
import { errors } from '../infra/http/errorCatalogue';

const MOBILE_PATTERN = /^([0-9]{1,4})-([0-9]{1,11})$/;
const KNOWN_CODES = new Set(COUNTRY_CODES.map((country) => country.code));

export interface Mobile {
  /** As stored and as the SMS goes out: `86-13800138000`. */
  full: string;
  countryCode: string;
  number: string;
}

/**
 * `cc-number`: the country code from the configured list, the number digits only (at most 11).
 * The schema checks the shape already; this also guards callers that trim first (login).
 */
export function parseMobile(raw: string): Mobile {
  const match = MOBILE_PATTERN.exec(raw);
  if (match === null) throw errors.MOBILE_FORMAT();
  const [, countryCode = '', number = ''] = match;
  if (!KNOWN_CODES.has(countryCode)) throw errors.MOBILE_COUNTRY_CODE();
  return { full: raw, countryCode, number };
}

/** A stored mobile (`86-13800138000`, verified by SMS at registration) that is a mainland mobile number: what the game layer's "verified mobile" limits ask for (also usable as a PostgreSQL regex: `.source`). */
export const MAINLAND_MOBILE = /^86-1[3-9][0-9]{9}$/;

export function isMainlandMobile(stored: string | null | undefined): boolean {
  return typeof stored === 'string' && MAINLAND_MOBILE.test(stored);
}
