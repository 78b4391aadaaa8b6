import type { Ref } from 'react';
import { Field, MAX_LENGTH } from '@sports/shared';
import { accountCopy } from './accountCopy';
import { DigitsInput } from './DigitsInput';
import { Row, Select } from './formStyles';
import { useCountryCodes } from './useCountryCodes';

const text = accountCopy;

export interface MobileFieldProps {
  countryCode: string;
  mobile: string;
  onCountryCodeChange: (code: string) => void;
  onMobileChange: (mobile: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** Country code (from the system config, default 86) and the number: digits only, at most 11. */
export function MobileField({ countryCode, mobile, onCountryCodeChange, onMobileChange, error, inputRef }: MobileFieldProps) {
  const { countryCodes } = useCountryCodes();
  // A remembered account may carry a code the list no longer has: keep it choosable.
  const choices = countryCodes.some((choice) => choice.code === countryCode)
    ? countryCodes
    : [{ id: -1, code: countryCode, name: '' }, ...countryCodes];

  return (
    <Field label={text.mobile} error={error}>
      {(control) => (
        <Row>
          <Select aria-label={text.countryCode} value={countryCode} onChange={(event) => onCountryCodeChange(event.target.value)}>
            {choices.map((choice) => (
              <option key={`${choice.id}-${choice.code}`} value={choice.code}>
                {text.countryOption(choice.code, choice.name)}
              </option>
            ))}
          </Select>
          <DigitsInput
            {...control}
            inputRef={inputRef}
            type="tel"
            autoComplete="tel-national"
            maxLength={MAX_LENGTH.mobile}
            placeholder={text.mobilePlaceholder}
            value={mobile}
            onValueChange={onMobileChange}
            data-autofocus=""
          />
        </Row>
      )}
    </Field>
  );
}
