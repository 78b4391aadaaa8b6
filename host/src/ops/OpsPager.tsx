import { opsMessages } from './opsMessages';
import { DialogButton } from '../feedback/DialogButton';
import { Muted, Toolbar } from './opsStyles';

const text = opsMessages.ops;

/** Previous / next page of an ops list, with where we are; nothing when it fits on one page. */
export function OpsPager({ page, total, pageSize, label, onPage }: { page: number; total: number; pageSize: number; label: string; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <Toolbar as="nav" aria-label={label}>
      <DialogButton type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {text.previousPage}
      </DialogButton>
      <Muted>{text.pageOf(page, pages)}</Muted>
      <DialogButton type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {text.nextPage}
      </DialogButton>
    </Toolbar>
  );
}
