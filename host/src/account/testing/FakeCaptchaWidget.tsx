import { useEffect, useRef } from 'react';
import type { CaptchaWidgetProps } from '../captchaWidget';

/** The solutions the fake hands out: 'captcha-1', 'captcha-2', … one per solve. */
let solved = 0;

/**
 * Stands in for ALTCHA in jsdom: a button that "solves" the captcha. Each mount is a fresh
 * widget (unsolved), as after the real one is reset.
 */
export function FakeCaptchaWidget({ challengeUrl, onSolutionChange }: CaptchaWidgetProps) {
  const onChangeRef = useRef(onSolutionChange);
  useEffect(() => {
    onChangeRef.current = onSolutionChange;
  });
  useEffect(() => () => onChangeRef.current(null), []);
  return (
    <button type="button" data-challenge-url={challengeUrl} onClick={() => onSolutionChange(`captcha-${(solved += 1)}`)}>
      完成验证
    </button>
  );
}

export function resetFakeCaptchaSolutions(): void {
  solved = 0;
}
