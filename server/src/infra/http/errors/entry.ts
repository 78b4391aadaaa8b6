import { ResponseCode } from '@sports/shared/server';

/** A message: a fixed text, or a function of the details it names (checked by TypeScript where thrown). */
export type Message = string | ((...params: never[]) => string);

export interface EntrySpec<M extends Message> {
  message: M;
  status: number;
  code: number;
}

/** createError: an entry's shape before it gets its name. HTTP 200 and code 1 unless given. */
export function entry<M extends Message>(message: M, options: { status?: number; code?: number } = {}): EntrySpec<M> {
  return { message, status: options.status ?? 200, code: options.code ?? ResponseCode.Error };
}
