import { Suspense, useContext, useId } from 'react';
import styled from 'styled-components';
import { accountCopy } from './accountCopy';
import { RenderErrorBoundary } from '../remotes/RenderErrorBoundary';
import { CAPTCHA_CHALLENGE_URL, CaptchaWidgetContext } from './captchaWidget';
import { FieldError } from './FieldError';
import { ErrorText, FieldGroup } from './formStyles';

const text = accountCopy;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The ALTCHA widget's height (its box, 75 px in Chromium), kept while the widget's chunk loads
 * and the element upgrades: the dialog is centred, so a field growing under the pointer moved
 * every button of the form (a click meant for 忘记密码 could land beside it).
 */
const WIDGET_HEIGHT_PX = 75;

const WidgetSlot = styled.div`
  min-height: ${WIDGET_HEIGHT_PX}px;
  display: flex;
  flex-direction: column;
  justify-content: center;
`;

export interface CaptchaFieldProps {
  /** A new round remounts the widget, so the next call uses a fresh solution. */
  round: number;
  onSolutionChange: (solution: string | null) => void;
  error?: string;
}

/** The captcha login, registration and SMS code requests need before their call (SPEC.md section 5). */
export function CaptchaField({ round, onSolutionChange, error }: CaptchaFieldProps) {
  const Widget = useContext(CaptchaWidgetContext);
  const errorId = useId();
  return (
    <FieldGroup role="group" aria-label={text.captcha} aria-describedby={error ? errorId : undefined}>
      <WidgetSlot>
        <RenderErrorBoundary fallback={<ErrorText role="alert">{text.captchaLoadFailed}</ErrorText>} onError={() => undefined}>
          <Suspense fallback={<Hint>{text.captchaLoading}</Hint>}>
            <Widget key={round} challengeUrl={CAPTCHA_CHALLENGE_URL} onSolutionChange={onSolutionChange} />
          </Suspense>
        </RenderErrorBoundary>
      </WidgetSlot>
      <FieldError id={errorId} message={error} />
    </FieldGroup>
  );
}
