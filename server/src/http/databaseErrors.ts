/**
 * PostgreSQL errors that a request's data caused, as opposed to our faults. Schemas refuse such
 * data first (ids within their column, no control characters); this is the net below them, so an
 * input a schema forgot still gets a clear 400 instead of a 500 with a stack in the error log.
 */

export const databaseInputMessages = {
  /** Class 22 (data exception): a number out of range, text PostgreSQL cannot store or parse. */
  invalidValue: '参数取值无效',
  /** 23503: a reference to a row that does not exist (or no longer does). */
  missingReference: '引用的数据不存在',
  /** 23505: the row already exists (usually two identical requests at once). */
  duplicate: '数据已存在，请勿重复提交',
  /** Other integrity violations (check, not-null, exclusion). */
  rejectedValue: '参数不符合要求',
} as const;

export interface DatabaseInputError {
  status: number;
  msg: string;
  /** The SQLSTATE, for the log line. */
  sqlState: string;
}

/** Classifies a PostgreSQL error (pg's DatabaseError carries the 5-character SQLSTATE in `code`). */
export function databaseInputError(error: unknown): DatabaseInputError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  // `severity` tells a server error from Node's own codes (ECONNREFUSED…) and Fastify's (FST_…).
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || typeof severity !== 'string') return undefined;
  if (code.startsWith('22')) return { status: 400, msg: databaseInputMessages.invalidValue, sqlState: code };
  if (code === '23503') return { status: 400, msg: databaseInputMessages.missingReference, sqlState: code };
  if (code === '23505') return { status: 409, msg: databaseInputMessages.duplicate, sqlState: code };
  if (code.startsWith('23')) return { status: 400, msg: databaseInputMessages.rejectedValue, sqlState: code };
  return undefined;
}
