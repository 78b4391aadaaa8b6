import { useAtomValue } from 'jotai';
import { DEFAULT_COUNTRY_CODE, systemConfigAtom, type CountryCode } from '@sports/shared';

/** Used until the system config has arrived (or when it failed): the SPEC's default, 86. */
const FALLBACK_COUNTRY_CODES: readonly CountryCode[] = [{ id: 0, code: DEFAULT_COUNTRY_CODE, name: '中国大陆' }];

/** The country-code choices of the system config (SPEC.md section 3) and the default, 86. */
export function useCountryCodes(): { countryCodes: readonly CountryCode[]; defaultCode: string } {
  const config = useAtomValue(systemConfigAtom);
  const countryCodes = config?.CountryCode.length ? config.CountryCode : FALLBACK_COUNTRY_CODES;
  return { countryCodes, defaultCode: config?.defaultCountryCode || DEFAULT_COUNTRY_CODE };
}
