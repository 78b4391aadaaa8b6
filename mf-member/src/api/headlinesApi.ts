import type { ApiClient, HeadlineHistoryPage } from '@sports/shared';

/** The member's reading history of headlines (server/src/community/headlines/README.md). */
export const HEADLINES_HISTORY_PATH = 'api/Headlines_user/history';
/** Rows per page of the reading history (更多 follows `next_cursor`). */
export const READING_HISTORY_PAGE_SIZE = 10;

export function headlinesHistoryApi(api: ApiClient) {
  return {
    /** My reads, last read first; `cursor` is the previous page's `next_cursor`. Login. */
    history: (cursor?: string) => api.get<HeadlineHistoryPage>(HEADLINES_HISTORY_PATH, { page_size: READING_HISTORY_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) }),
  };
}
