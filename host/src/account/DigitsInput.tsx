import type { InputHTMLAttributes, Ref } from 'react';
import { Input } from './formStyles';
import { keepDigits } from './mobileNumber';

export interface DigitsInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'maxLength'> {
  maxLength: number;
  value: string;
  onValueChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A numeric input that keeps digits only, at most maxLength (mobile, SMS code). */
export function DigitsInput({ maxLength, value, onValueChange, inputRef, ...inputProps }: DigitsInputProps) {
  return (
    <Input
      {...inputProps}
      ref={inputRef}
      inputMode="numeric"
      maxLength={maxLength}
      value={value}
      onChange={(event) => onValueChange(keepDigits(event.target.value, maxLength))}
    />
  );
}
