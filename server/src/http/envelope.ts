import { type ApiEnvelope, ResponseCode } from '@sports/shared/server';

/** The success envelope every API answer uses: `{ code: 200, msg: '', data }`. */
export function ok<Data>(data: Data): ApiEnvelope<Data> {
  return { code: ResponseCode.Ok, msg: '', data };
}

/** A failure envelope; `data` is always null so clients never read half a result. */
export function fail(code: number, msg: string): ApiEnvelope<null> {
  return { code, msg, data: null };
}
