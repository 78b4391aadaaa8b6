import type { ColumnType, Generated } from 'kysely';

/** Tables of search (server/src/search/; migration 0021). */

/** How often a normalised query found something, per day (the hot searches). */
export interface SearchTermDayTable {
  day: ColumnType<string, string, string>;
  term: string;
  hits: Generated<number>;
}
