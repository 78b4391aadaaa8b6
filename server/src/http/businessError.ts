import { ResponseCode } from '@sports/shared/server';

/**
 * A failure the user can act on (wrong code, login required, rule broken). The error handler
 * answers it as `{ code, msg, data: null }` with HTTP 200 (SPEC.md section 8: the client reads
 * the envelope code), unless an HTTP status is given, as for rate limits (429).
 */
export class BusinessError extends Error {
  readonly code: number;
  readonly httpStatus: number;

  constructor(code: number, msg: string, httpStatus = 200) {
    super(msg);
    this.name = 'BusinessError';
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

/** Shorthand for the common `code: 1` failure. */
export function userError(msg: string, httpStatus = 200): BusinessError {
  return new BusinessError(ResponseCode.Error, msg, httpStatus);
}
