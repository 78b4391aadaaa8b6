// The root entry's modules by name (this file is @sports/shared/pageKit, another singleton).
import { Button, pageOfText, sharedMessages, Toolbar } from '@sports/shared';

export interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The navigation's name (default 分页); two pagers on one page need their own. */
  label?: string;
}

/** Previous / next with "第 x / y 页" under a list; nothing when everything fits on one page. */
export function Pager({ page, total, pageSize, onPage, label = sharedMessages.pagination }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label}>
      <Toolbar>
        <Button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {sharedMessages.previousPage}
        </Button>
        <span>{pageOfText(page, pages)}</span>
        <Button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {sharedMessages.nextPage}
        </Button>
      </Toolbar>
    </nav>
  );
}
