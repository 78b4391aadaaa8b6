/**
 * The rejection every failed API call ends in. `code` is the envelope code, or null for a
 * network failure (no answer at all); `message` is what the server said, if anything;
 * `reason` the server's stable key for the failure (e.g. `SMS_RESEND_TOO_SOON`), to branch on
 * instead of the message.
 */
export class ApiError extends Error {
  readonly code: number | null;
  readonly data: unknown;
  readonly reason: string | null;

  constructor(code: number | null, message: string, data: unknown = null, reason: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.reason = reason;
  }

  get isNetworkError(): boolean {
    return this.code === null;
  }
}
