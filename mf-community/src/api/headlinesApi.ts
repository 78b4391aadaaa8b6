import type {
  ApiClient,
  HeadlineCategoryList,
  HeadlineDetail,
  HeadlineHistoryPage,
  HeadlineLikeResult,
  HeadlinePage,
  HeadlineReadResult,
  PortalFeed,
} from '@sports/shared';

/** The headlines endpoints the news, detail pages and the home widget call (server/src/community/headlines/README.md). */
export const HEADLINES_PATHS = {
  categories: 'api/Headlines/classifyList',
  list: 'api/Headlines/getList',
  detail: 'api/Headlines/detail',
  read: 'api/Headlines_user/insert',
  like: 'api/Headlines_user/like',
  history: 'api/Headlines_user/history',
  portal: 'api/Portal_post/getList2',
} as const;

/** Articles per page of the news list (加载更多 follows `next_cursor`). */
export const NEWS_PAGE_SIZE = 10;
/** Entries the home widget asks the portal feed for. */
export const WIDGET_FEED_SIZE = 6;

/** Typed calls of the headlines screens over the page's API client (it applies SPEC.md section 8 to every answer). */
export function headlinesApi(api: ApiClient) {
  return {
    categories: () => api.get<HeadlineCategoryList>(HEADLINES_PATHS.categories),
    /** Published articles newest first; no `category` = every category; `cursor` is the previous page's `next_cursor`. */
    list: (options: { category?: string; cursor?: string } = {}) =>
      api.get<HeadlinePage>(HEADLINES_PATHS.list, {
        page_size: NEWS_PAGE_SIZE,
        ...(options.category === undefined ? {} : { category: options.category }),
        ...(options.cursor === undefined ? {} : { cursor: options.cursor }),
      }),
    detail: (id: number) => api.get<HeadlineDetail>(HEADLINES_PATHS.detail, { id }),
    /** Records a read (a member's history; a guest only counts) and answers the view count after it. */
    read: (id: number) => api.get<HeadlineReadResult>(HEADLINES_PATHS.read, { id }),
    /** Login: toggles my like; answers the state after it and the exact count. */
    like: (id: number) => api.post<HeadlineLikeResult>(HEADLINES_PATHS.like, { id }),
    /** The portal feed: top headlines interleaved with the circle's hot posts. */
    portal: (limit = WIDGET_FEED_SIZE) => api.get<PortalFeed>(HEADLINES_PATHS.portal, { limit }),
  };
}

export type HeadlinesApi = ReturnType<typeof headlinesApi>;

/** A positive integer id from the address (`detail?id=`), else null. */
export function idFromQuery(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
