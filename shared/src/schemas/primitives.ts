import Type, { type TInteger, type TString } from 'typebox';

/**
 * Building blocks every request schema uses, so outside input fits the database before it gets
 * there: an id PostgreSQL cannot hold, or text it cannot store, is a validation error naming the
 * field (code 1, HTTP 400), never a database error.
 */

/** The largest `integer` (int4) PostgreSQL stores. */
export const INT4_MAX = 2_147_483_647;

/** An id of an `integer` column (competitions, teams, seasons, odds companies): 1..2147483647. */
export const Int4IdSchema: TInteger = Type.Integer({ minimum: 1, maximum: INT4_MAX });

/**
 * An id of a `bigint`/`bigserial` column (users, matches, rooms, schedules…): JavaScript numbers
 * are exact up to 2^53 - 1, and the pool hands bigints back as numbers, so that is the ceiling.
 */
export const BigIdSchema: TInteger = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/**
 * The schema keyword that lets a text field hold line breaks and tabs (a placard, an error
 * report). Every other control character (U+0000-U+001F, U+007F) is refused in every string of
 * every request by the server's validator; without this keyword, line breaks and tabs too.
 */
export const MULTILINE_KEYWORD = 'x-multiline';

/** Free text that may span lines: `\n`, `\r` and `\t` allowed, other control characters not. */
export function MultilineString(options: { minLength?: number; maxLength: number }): TString {
  return Type.String({ ...options, [MULTILINE_KEYWORD]: true });
}
