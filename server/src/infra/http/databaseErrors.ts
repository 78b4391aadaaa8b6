/**
 * PostgreSQL errors that a request's data caused, as opposed to our faults. Schemas refuse such
 * data first (ids within their column, no control characters); this is the net below them, so an
 * input a schema forgot still gets a clear 400 instead of a 500 with a stack in the error log.
 */

import type { BusinessError } from './businessError';
import { errors } from './errorCatalogue';

export interface DatabaseInputError {
  /** The catalogue's DB_* error (errorCatalogue.ts): its status and message. */
  error: BusinessError;
  /** The SQLSTATE, for the log line. */
  sqlState: string;
}

/** Classifies a PostgreSQL error (pg's DatabaseError carries the 5-character SQLSTATE in `code`). */
export function databaseInputError(error: unknown): DatabaseInputError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  // `severity` tells a server error from Node's own codes (ECONNREFUSED…) and Fastify's (FST_…).
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || typeof severity !== 'string') return undefined;
  if (code.startsWith('22')) return { error: errors.DB_INVALID_VALUE(), sqlState: code };
  if (code === '23503') return { error: errors.DB_MISSING_REFERENCE(), sqlState: code };
  if (code === '23505') return { error: errors.DB_DUPLICATE(), sqlState: code };
  if (code.startsWith('23')) return { error: errors.DB_REJECTED_VALUE(), sqlState: code };
  return undefined;
}
