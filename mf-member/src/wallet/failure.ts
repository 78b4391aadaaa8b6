import { ApiError } from '@sports/shared';

/** What a failed call says in place: the server's own refusal (e.g. 支付密码错误), else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code === 1 && error.message.trim() !== '' ? error.message : fallback;
}
