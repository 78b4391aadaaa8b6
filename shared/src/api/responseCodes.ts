/**
 * The one place for envelope codes (DESIGN.md section 4, SPEC.md section 8).
 * The server answers with them and the client's interceptor acts on them.
 */
export const ResponseCode = {
  /** Success. */
  Ok: 200,
  /** A failure the user can read in `msg` (bad input, business rule). */
  Error: 1,
  /** Login required: no valid session was presented. */
  LoginRequired: 700,
  /** The token is malformed (not one the server could have issued). */
  IllegalToken: 50008,
  /** The session was replaced or revoked (signed out elsewhere, password reset). */
  SessionReplaced: 50012,
  /** The session expired. */
  SessionExpired: 50014,
} as const;

export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

/** Codes that end the session and ask the user to stay or log in again (SPEC.md section 8). */
export const LOGOUT_CONFIRM_CODES: ReadonlySet<number> = new Set([
  ResponseCode.IllegalToken,
  ResponseCode.SessionReplaced,
  ResponseCode.SessionExpired,
]);
