import { createContext, lazy, type ComponentType } from 'react';

/** Where the captcha widget gets its challenge (the server's ALTCHA challenge endpoint). */
export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

export interface CaptchaWidgetProps {
  challengeUrl: string;
  /** The solution to send as `captcha` once solved; null while unsolved, expired or failed. */
  onSolutionChange: (solution: string | null) => void;
}

/**
 * The ALTCHA widget, its code (and the altcha package) fetched only when a form that needs a
 * captcha is first shown.
 */
const LazyAltchaWidget = lazy(() => import('./AltchaWidget'));

/**
 * Which widget CaptchaField renders: the real ALTCHA one on the page; unit tests provide a
 * stand-in whose solution they set (jsdom cannot solve a proof of work).
 */
export const CaptchaWidgetContext = createContext<ComponentType<CaptchaWidgetProps>>(LazyAltchaWidget);
