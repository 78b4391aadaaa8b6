import { type ApiEnvelope, ResponseCode } from '@sports/shared/server';

/** The success envelope every API answer uses: `{ code: 200, msg: '', data }`. */
export function ok<Data>(data: Data): ApiEnvelope<Data> {
  return { code: ResponseCode.Ok, msg: '', data };
}

/**
 * A failure envelope; `data` is always null so clients never read half a result. `reason` is the
 * catalogue key (errorCatalogue.ts), left out only for errors built outside the catalogue.
 */
export function fail(code: number, msg: string, reason?: string): ApiEnvelope<null> {
  return reason === undefined ? { code, msg, data: null } : { code, msg, data: null, reason };
}
