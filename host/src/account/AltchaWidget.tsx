import { useEffect, useRef } from 'react';
import 'altcha';
import 'altcha/i18n/zh-cn';
import type {} from 'altcha/types/react';
import { boundedFetch, CHALLENGE_FETCH_TIMEOUT_MS, watchAltchaWidget } from './altchaWatch';
import type { CaptchaWidgetProps } from './captchaWidget';

// Every widget on the page asks for its challenge with a timeout (altchaWatch.ts). No ALTCHA logo
// link nor "由 ALTCHA 保护" footer: the only English left in the Chinese login modal (its link
// was labelled 'Altcha (官方网站)'; issue 33). The widget itself reads Chinese (zh-cn).
globalThis.$altcha.defaults.set({ fetch: boundedFetch(CHALLENGE_FETCH_TIMEOUT_MS), hideLogo: true, hideFooter: true });

/**
 * ALTCHA (self-hosted proof of work, DESIGN.md section 4). It fetches a challenge and solves it
 * as soon as it is shown (a fraction of a second), reporting the payload on 'statechange' →
 * 'verified'; if that fails, expires or stalls, ticking its box tries again. For a fresh solution
 * (the server refuses a replay) CaptchaField remounts it.
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
    const stop = watchAltchaWidget(widget, (solution) => onChangeRef.current(solution));
    return () => {
      stop();
      onChangeRef.current(null);
    };
  }, []);

  return <altcha-widget ref={widgetRef} challenge={challengeUrl} auto="onload" language="zh-cn" name="captcha" />;
}
