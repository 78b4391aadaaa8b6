import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Button, Field, TextInput } from '@sports/shared';
import { ErrorText, Form } from '../ui/Form';
import { failureText } from './failure';
import { cardsCopy } from './walletCopy';

/** Text with a length in characters (not UTF-16 units) within [min, max] once trimmed. */
export function lengthWithin(text: string, min: number, max: number): boolean {
  const length = [...text.trim()].length;
  return length >= min && length <= max;
}

type FieldErrors<Name extends string> = Partial<Record<Name, string | undefined>>;

/**
 * A bind form's submit: check the fields here (each problem shows under its field), then bind;
 * the server's refusal shows as the form's error (绑定失败 when it gave no message). One submit at
 * a time.
 */
export function useBindSubmit<Name extends string, Info>(options: {
  validate: () => FieldErrors<Name>;
  bind: () => Promise<Info>;
  onBound: (info: Info) => void;
}) {
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next = options.validate();
    setErrors(next);
    setFormError(undefined);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      options.onBound(await options.bind());
    } catch (refusal) {
      setFormError(failureText(refusal, cardsCopy.bindFailed));
    } finally {
      setBusy(false);
    }
  };

  return { errors, formError, busy, submit };
}

/** One labelled text input of a bind form, its hint and error wired to aria-describedby. */
export function BindField({
  id,
  label,
  hint,
  error,
  onValue,
  ...input
}: { id: string; label: string; hint?: string; error?: string; onValue: (value: string) => void; 'data-testid': string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'>) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => <TextInput {...input} {...control} onChange={(event) => onValue(event.target.value)} />}
    </Field>
  );
}

/** The frame of a bind form: its fields, the server's refusal, 绑定 and (when offered) 取消. */
export function BindFormFrame({
  label,
  testId,
  errorTestId,
  bindTestId,
  error,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  testId: string;
  errorTestId: string;
  bindTestId: string;
  error?: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={label} data-testid={testId}>
      {children}
      {error && (
        <ErrorText role="alert" data-testid={errorTestId}>
          {error}
        </ErrorText>
      )}
      <div>
        <Button type="submit" variant="primary" data-testid={bindTestId} disabled={busy} aria-busy={busy}>
          {busy ? cardsCopy.binding : cardsCopy.bind}
        </Button>{' '}
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            {cardsCopy.cancel}
          </Button>
        )}
      </div>
    </Form>
  );
}
