import { ApiError } from '@sports/shared';
import { commonCopy } from '../messages';

/** What a refused call says inline: the server's own message (e.g. a taken nickname), else a generic line. */
export function refusalMessage(error: unknown): string {
  if (error instanceof ApiError && error.code !== null && error.message.trim() !== '') return error.message;
  return commonCopy.saveFailed;
}
