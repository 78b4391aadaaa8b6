import type { ApiClient, SearchAnchorPage, SearchHot, SearchLivePage, SearchResult } from '@sports/shared';

export const SEARCH_PATHS = { index: 'api/Search/index', anchor: 'api/Search/anchor', live: 'api/Search/live', hot: 'api/Search/hot' } as const;

/** `api/Search/*` (server/src/search/README.md). */
export function searchApi(api: ApiClient) {
  return {
    index: (name: string) => api.get<SearchResult>(SEARCH_PATHS.index, { name }),
    anchors: (name: string, cursor?: string) => api.get<SearchAnchorPage>(SEARCH_PATHS.anchor, { name, ...(cursor === undefined ? {} : { cursor }) }),
    lives: (name: string, cursor?: string) => api.get<SearchLivePage>(SEARCH_PATHS.live, { name, ...(cursor === undefined ? {} : { cursor }) }),
    hot: () => api.get<SearchHot>(SEARCH_PATHS.hot),
  };
}
