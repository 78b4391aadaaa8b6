/**
 * The captcha before login and registration (DESIGN.md section 4). The default is ALTCHA
 * (self-hosted proof of work, altchaVerifier.ts). A hosted captcha plugs in here: its
 * `createChallenge` answers what its widget needs (or null), its `verify` asks the vendor.
 */
export interface CaptchaVerifier {
  readonly provider: string;
  /** What `GET /api/captcha/challenge` answers (for ALTCHA the raw challenge the widget fetches). */
  createChallenge(): Promise<unknown>;
  /**
   * Accepts a solution once: throws code 1 when it is missing, malformed, wrong, expired or
   * already used (on any node).
   */
  verify(solution: string): Promise<void>;
}

