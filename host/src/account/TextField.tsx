import { useId, type InputHTMLAttributes } from 'react';
import { FieldError, invalidProps } from './FieldError';
import { Field, Input, Label } from './formStyles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}

/** One labelled input with its validation message (password, invite code). */
export function TextField({ label, value, onValueChange, error, ...inputProps }: TextFieldProps) {
  const inputId = useId();
  const errorId = useId();
  return (
    <Field>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        {...inputProps}
        id={inputId}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...invalidProps(errorId, error)}
      />
      <FieldError id={errorId} message={error} />
    </Field>
  );
}
