/**
 * A failure the user can act on (wrong code, login required, rule broken). The error handler
 * answers it as `{ code, msg, data: null, reason }` with HTTP 200 (SPEC.md section 8: the client
 * reads the envelope code), unless an HTTP status is given, as for rate limits (429).
 * Made by the entries of the one catalogue (errorCatalogue.ts), which also give the reason key.
 */
export class BusinessError extends Error {
  readonly code: number;
  readonly httpStatus: number;
  /** The catalogue's stable key (e.g. `SMS_RESEND_TOO_SOON`), so clients tell failures apart. */
  readonly reason: string | undefined;

  constructor(code: number, msg: string, httpStatus = 200, reason?: string) {
    super(msg);
    this.name = 'BusinessError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.reason = reason;
  }
}
