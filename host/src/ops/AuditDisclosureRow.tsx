import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { DialogButton } from '../feedback/DialogButton';
import { gameAuditCopy } from './gameAuditCopy';

const text = gameAuditCopy.common;

/** The expanded audit trail: one cell across the table, its own tables and lines inside. */
const DetailCell = styled.td`
  && {
    padding: 12px 16px 20px;
    white-space: normal;
    background: ${({ theme }) => theme.colors.background};
  }

  h3 {
    margin: 12px 0 6px;
    font-size: ${({ theme }) => theme.font.body};
  }

  h3:first-child {
    margin-top: 0;
  }

  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 4px 12px;
    margin: 0 0 8px;
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    word-break: break-all;
  }

  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-size: ${({ theme }) => theme.font.small};
  }
`;

export interface AuditDisclosureRowProps {
  /** `data-testid` of the summary row; the detail row is `<testId>-audit`, the toggle `<testId>-toggle`. */
  testId: string;
  /** The summary cells (the toggle's cell is added last). */
  cells: ReactNode;
  /** How many columns the table has (the detail cell spans them). */
  columns: number;
  /** Names the detail region and the toggle (红包 12 的审计). */
  label: string;
  /** The audit trail, rendered only while expanded. */
  children: () => ReactNode;
  rowProps?: Record<`data-${string}`, string>;
}

/**
 * A list row that expands to its audit trail: the toggle (展开审计 / 收起审计, `aria-expanded`,
 * `aria-controls`) in the last cell, the trail in a row below spanning the table.
 */
export function AuditDisclosureRow({ testId, cells, columns, label, children, rowProps }: AuditDisclosureRowProps) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <>
      <tr data-testid={testId} {...rowProps}>
        {cells}
        <td>
          <DialogButton type="button" aria-expanded={open} aria-controls={detailId} aria-label={`${open ? text.collapse : text.expand}：${label}`} onClick={() => setOpen(!open)} data-testid={`${testId}-toggle`}>
            {open ? text.collapse : text.expand}
          </DialogButton>
        </td>
      </tr>
      <tr id={detailId} hidden={!open} data-testid={`${testId}-audit`}>
        {open && (
          <DetailCell colSpan={columns}>
            <section aria-label={label}>{children()}</section>
          </DetailCell>
        )}
      </tr>
    </>
  );
}
