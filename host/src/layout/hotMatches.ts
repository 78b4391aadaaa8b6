import { HOT_SEARCH_ITEMS } from '@sports/shared';

export const HOT_MATCHES_PATH = 'api/hot_match/initial_list';

function hasName(entry: unknown): entry is { short_name_zh: string } {
  if (typeof entry !== 'object' || entry === null) return false;
  const name = (entry as { short_name_zh?: unknown }).short_name_zh;
  return typeof name === 'string' && name.trim() !== '';
}

/** The names of the first 10 hot matches, skipping anything malformed in the answer. */
export function hotMatchNames(answer: unknown): string[] {
  if (!Array.isArray(answer)) return [];
  return answer
    .filter(hasName)
    .slice(0, HOT_SEARCH_ITEMS)
    .map((match) => match.short_name_zh.trim());
}
