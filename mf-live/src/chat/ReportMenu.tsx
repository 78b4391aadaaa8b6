import { useId, useState } from 'react';
import styled from 'styled-components';
import { REPORT_REASONS, REPORT_REASON_LABELS, type ChatGroupMessage, type ReportReason } from '@sports/shared';

/** Copy of the chat line's report menu (api/moderation/report). */
export const reportCopy = {
  open: (name: string) => `举报 ${name} 的消息`,
  button: '举报',
  reason: '举报原因',
  submit: '提交',
  cancel: '取消',
  reported: '已举报，我们会尽快处理',
} as const;

const Trigger = styled.button`
  margin-left: 6px;
  padding: 0 6px;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
  cursor: pointer;
`;

const Menu = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  margin-left: 6px;
  font-size: ${({ theme }) => theme.font.small};

  select,
  button {
    font: inherit;
  }
`;

/** Members' lines other than the viewer's own can be reported (guests and the system have no account). */
export function reportable(message: ChatGroupMessage, myChatId: string | null): boolean {
  return message.from.role !== 'system' && message.from.userId !== myChatId && /^[1-9][0-9]*$/.test(message.from.userId);
}

/**
 * 举报 beside a chat line: a small menu of reasons, then `onReport` (the room posts
 * api/moderation/report with the line's message id). Closed again once sent.
 */
export function ReportMenu({ message, onReport }: { message: ChatGroupMessage; onReport: (message: ChatGroupMessage, reason: ReportReason) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('abuse');
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  if (!open) {
    return (
      <Trigger type="button" aria-label={reportCopy.open(message.from.nickname)} onClick={() => setOpen(true)} data-testid="chat-report">
        {reportCopy.button}
      </Trigger>
    );
  }
  const submit = async () => {
    setBusy(true);
    await onReport(message, reason);
    setBusy(false);
    setOpen(false);
  };
  return (
    <Menu role="group" aria-label={reportCopy.open(message.from.nickname)} data-testid="chat-report-menu">
      <label htmlFor={selectId}>{reportCopy.reason}</label>
      <select id={selectId} value={reason} onChange={(event) => setReason(event.target.value as ReportReason)} data-testid="chat-report-reason">
        {REPORT_REASONS.map((value) => (
          <option key={value} value={value}>
            {REPORT_REASON_LABELS[value]}
          </option>
        ))}
      </select>
      <button type="button" disabled={busy} onClick={() => void submit()} data-testid="chat-report-submit">
        {reportCopy.submit}
      </button>
      <button type="button" disabled={busy} onClick={() => setOpen(false)}>
        {reportCopy.cancel}
      </button>
    </Menu>
  );
}
