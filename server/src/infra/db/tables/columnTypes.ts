import type { ColumnType } from 'kysely';

/** Column types the table files share (how Kysely reads and writes a column). */

/** Timestamps are written by the database (default now()) or as Date; read as Date. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Written by the application with its own clock (tests move it), so no database default. */
export type AppTimestamp = ColumnType<Date, Date, Date>;
export type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** jsonb: read as the value, written as JSON text. */
export type Json<Value> = ColumnType<Value, string, string>;
export type NullableSmallint = ColumnType<number | null, number | null | undefined, number | null>;
