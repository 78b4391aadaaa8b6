import type { ColumnType, Generated } from 'kysely';

/** Tables of search (server/src/search/; migration 0021). */

/** How often a normalised query found something, per day (the hot searches). */
export interface SearchTermDayTable {
  day: ColumnType<string, string, string>;
  term: string;
  hits: Generated<number>;
}

/** The pinyin of a searched name (migration 0028; search/searchKeys.ts keeps it). */
export interface SearchKeyTable {
  kind: 'competition' | 'team' | 'player' | 'anchor';
  ref_id: number;
  name: string;
  full: string;
  initials: string;
}
