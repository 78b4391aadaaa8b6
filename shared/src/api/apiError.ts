/**
 * The rejection every failed API call ends in. `code` is the envelope code, or null for a
 * network failure (no answer at all); `message` is what the server said, if anything.
 */
export class ApiError extends Error {
  readonly code: number | null;
  readonly data: unknown;

  constructor(code: number | null, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }

  get isNetworkError(): boolean {
    return this.code === null;
  }
}
