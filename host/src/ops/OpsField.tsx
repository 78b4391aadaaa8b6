import { useId, type InputHTMLAttributes } from 'react';
import { ErrorText } from './opsStyles';

export interface OpsFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the input and tied to it (aria-describedby); null when the value is fine. */
  error: string | null;
}

/** One labelled input of the ops page with its validation message. */
export function OpsField({ label, value, onValueChange, error, ...inputProps }: OpsFieldProps) {
  const errorId = useId();
  return (
    <>
      <label>
        {label}
        <input
          {...inputProps}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </>
  );
}
