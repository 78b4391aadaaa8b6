import type { InputHTMLAttributes } from 'react';
import { Field } from '@sports/shared';
import { Input } from './formStyles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}

/** One labelled input with its validation message (password, invite code): the kit's Field. */
export function TextField({ label, value, onValueChange, error, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} error={error}>
      {(control) => <Input {...inputProps} {...control} value={value} onChange={(event) => onValueChange(event.target.value)} />}
    </Field>
  );
}
