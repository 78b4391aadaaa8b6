import { OpsForbiddenError } from './opsApi';

/**
 * What a failed ops call shows in place: the server's message (a refusal such as reviewing an
 * application twice), and a refused token sends the page back to the token form.
 */
export function failureMessage(error: unknown, onForbidden: () => void): string {
  if (error instanceof OpsForbiddenError) onForbidden();
  return error instanceof Error ? error.message : String(error);
}
