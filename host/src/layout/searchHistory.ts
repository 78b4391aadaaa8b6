import { MAX_LENGTH } from '@sports/shared';

/** How many past searches the box remembers. */
export const SEARCH_HISTORY_LIMIT = 10;

/** localStorage is outside input: keep only strings of a length the box could have produced. */
export function sanitizeHistory(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  return stored
    .filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')
    .map((entry) => entry.slice(0, MAX_LENGTH.search))
    .slice(0, SEARCH_HISTORY_LIMIT);
}

/** Most recent first, each text once, at most SEARCH_HISTORY_LIMIT kept. */
export function addToHistory(history: readonly string[], text: string): string[] {
  return [text, ...history.filter((entry) => entry !== text)].slice(0, SEARCH_HISTORY_LIMIT);
}

export function removeFromHistory(history: readonly string[], text: string): string[] {
  return history.filter((entry) => entry !== text);
}
