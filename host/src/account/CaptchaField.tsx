import { Suspense, useContext, useId } from 'react';
import styled from 'styled-components';
import { hostMessages } from '../messages';
import { RenderErrorBoundary } from '../remotes/RenderErrorBoundary';
import { CAPTCHA_CHALLENGE_URL, CaptchaWidgetContext } from './captchaWidget';
import { FieldError } from './FieldError';
import { ErrorText, Field } from './formStyles';

const text = hostMessages.account;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface CaptchaFieldProps {
  /** A new round remounts the widget, so the next call uses a fresh solution. */
  round: number;
  onSolutionChange: (solution: string | null) => void;
  error?: string;
}

/** The captcha login and registration need before their call (SPEC.md section 5). */
export function CaptchaField({ round, onSolutionChange, error }: CaptchaFieldProps) {
  const Widget = useContext(CaptchaWidgetContext);
  const errorId = useId();
  return (
    <Field role="group" aria-label={text.captcha} aria-describedby={error ? errorId : undefined}>
      <RenderErrorBoundary fallback={<ErrorText role="alert">{text.captchaLoadFailed}</ErrorText>} onError={() => undefined}>
        <Suspense fallback={<Hint>{text.captchaLoading}</Hint>}>
          <Widget key={round} challengeUrl={CAPTCHA_CHALLENGE_URL} onSolutionChange={onSolutionChange} />
        </Suspense>
      </RenderErrorBoundary>
      <FieldError id={errorId} message={error} />
    </Field>
  );
}
