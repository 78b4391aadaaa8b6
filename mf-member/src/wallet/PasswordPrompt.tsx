import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Field, TextInput } from '@sports/shared';
import { ErrorText } from '../ui/Form';
import { withdrawCopy } from './walletCopy';
import { isSixDigits } from './withdrawRules';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  max-width: 480px;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};

  h3 {
    margin: 0;
  }
`;

export interface PasswordPromptProps {
  summary: string;
  busy: boolean;
  /** The server's refusal of the last try (e.g. 支付密码错误，还可尝试 4 次). */
  error: string | null;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}

/**
 * The payment password asked for one withdrawal: a dialog in the page (focus moves into it;
 * Escape or 取消 closes it), 6 digits checked before sending, the server's refusal shown in it,
 * the field emptied after each try.
 */
export function PasswordPrompt({ summary, busy, error, onConfirm, onCancel }: PasswordPromptProps) {
  const titleId = useId();
  const inputId = useId();
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = !isSixDigits(password);
    setInvalid(bad);
    if (bad) return;
    // The field is emptied once sent: a refused try is typed again, and nothing lingers in the page.
    setPassword('');
    onConfirm(password);
  };

  const fieldError = invalid ? withdrawCopy.passwordInvalid : null;
  return (
    <Box role="dialog" aria-labelledby={titleId} data-testid="withdraw-password-prompt" onKeyDown={(event) => event.key === 'Escape' && !busy && onCancel()}>
      <h3 id={titleId}>{withdrawCopy.promptTitle}</h3>
      <p>{summary}</p>
      <form noValidate onSubmit={submit}>
        <Field id={inputId} label={withdrawCopy.password} error={fieldError}>
          {(control) => (
            <TextInput
              {...control}
              ref={input}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              value={password}
              disabled={busy}
              data-testid="withdraw-password"
              onChange={(event) => setPassword(event.target.value.replace(/\D/g, ''))}
            />
          )}
        </Field>
        {error && (
          <ErrorText role="alert" data-testid="withdraw-error">
            {error}
          </ErrorText>
        )}
        <p>
          <Button type="submit" variant="primary" disabled={busy} aria-busy={busy} data-testid="withdraw-confirm">
            {busy ? withdrawCopy.submitting : withdrawCopy.confirm}
          </Button>{' '}
          <Button disabled={busy} onClick={onCancel}>
            {withdrawCopy.cancel}
          </Button>
        </p>
      </form>
    </Box>
  );
}
