import { useEffect, useRef } from 'react';
import 'altcha';
import 'altcha/i18n/zh-cn';
import type {} from 'altcha/types/react';
import type { CaptchaWidgetProps } from './captchaWidget';

interface StateChangeDetail {
  state: string;
  payload?: string | null;
}

/**
 * ALTCHA (self-hosted proof of work, DESIGN.md section 4). It fetches a challenge and solves it
 * as soon as it is shown (a fraction of a second), reporting the payload on 'statechange' →
 * 'verified'; if that fails or expires, ticking its box tries again. For a fresh solution (the
 * server refuses a replay) CaptchaField remounts it.
 */
export default function AltchaWidget({ challengeUrl, onSolutionChange }: CaptchaWidgetProps) {
  const widgetRef = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onSolutionChange);
  useEffect(() => {
    onChangeRef.current = onSolutionChange;
  });

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return undefined;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onStateChange);
    return () => {
      widget.removeEventListener('statechange', onStateChange);
      onChangeRef.current(null);
    };
  }, []);

  return <altcha-widget ref={widgetRef} challenge={challengeUrl} auto="onload" language="zh-cn" name="captcha" />;
}
