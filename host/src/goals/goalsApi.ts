import type { ApiClient, MatchRow, PageOf } from '@sports/shared';

/** The signed-in user's favourite matches (server/README.md: the scores module). */
export const FAVOURITES_PATH = 'api/scores/favorites';
const FAVOURITES_PAGE_SIZE = 100;

export async function fetchFavouriteMatchIds(api: ApiClient): Promise<Set<number>> {
  const page = await api.get<PageOf<MatchRow>>(FAVOURITES_PATH, { page_size: FAVOURITES_PAGE_SIZE });
  return new Set(page.list.map((row) => row.match_id));
}
