import { Field, MAX_LENGTH } from '@sports/shared';
import { accountCopy } from './accountCopy';
import { DigitsInput } from './DigitsInput';
import { Row, SideButton } from './formStyles';

const text = accountCopy;

export interface SmsCodeFieldProps {
  code: string;
  onCodeChange: (code: string) => void;
  /** Seconds until another code may be asked for; 0 when the button is ready. */
  remaining: number;
  sending: boolean;
  onSend: () => void;
  error?: string;
}

/** The 6-digit SMS code and its button: ready, then counting down (disabled), then ready again. */
export function SmsCodeField({ code, onCodeChange, remaining, sending, onSend, error }: SmsCodeFieldProps) {
  const counting = remaining > 0;
  return (
    <Field label={text.smsCode} error={error}>
      {(control) => (
        <Row>
          <DigitsInput
            {...control}
            autoComplete="one-time-code"
            maxLength={MAX_LENGTH.smsCode}
            placeholder={text.smsCodePlaceholder}
            value={code}
            onValueChange={onCodeChange}
          />
          <SideButton disabled={counting || sending} onClick={onSend} data-testid="sms-button">
            {counting ? text.resendIn(remaining) : text.sendSmsCode}
          </SideButton>
        </Row>
      )}
    </Field>
  );
}
