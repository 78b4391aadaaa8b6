import { TextButton, Toolbar } from '@sports/shared';
import { commonCopy } from '../messages';

export interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** Previous / next with "第 x / y 页"; hidden when everything fits on one page. */
export function Pager({ page, total, pageSize, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={commonCopy.pagination}>
      <Toolbar>
        <TextButton type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {commonCopy.previousPage}
        </TextButton>
        <span>{commonCopy.pageOf(page, pages)}</span>
        <TextButton type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {commonCopy.nextPage}
        </TextButton>
      </Toolbar>
    </nav>
  );
}
