import { PAGE_SIZE_DEFAULT, type PageOf, type PageQuery } from '@sports/shared/server';

export interface PageWindow {
  page: number;
  pageSize: number;
  offset: number;
}

/** page (1-based) and page_size as validated by PageQuerySchema, with the defaults. */
export function pageWindow(query: PageQuery, defaultSize = PAGE_SIZE_DEFAULT): PageWindow {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function pageOf<Item>(list: Item[], total: number, window: PageWindow): PageOf<Item> {
  return { list, total, page: window.page, page_size: window.pageSize };
}
