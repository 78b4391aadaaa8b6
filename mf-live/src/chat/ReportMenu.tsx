import { useId, useRef, useState, type Ref } from 'react';
import styled from 'styled-components';
import { Button, REPORT_REASONS, REPORT_REASON_LABELS, Select, type ChatGroupMessage, type ReportReason } from '@sports/shared';
import { Popover } from '@sports/shared/pageKit';

/** Copy of the chat line's report menu (api/moderation/report). */
export const reportCopy = {
  open: (name: string) => `举报 ${name} 的消息`,
  button: '举报',
  reason: '举报原因',
  submit: '提交',
  cancel: '取消',
  reported: '已举报，我们会尽快处理',
} as const;

const Trigger = styled(Button)`
  margin-left: 6px;
  padding: 0 6px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Fields = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  font-size: ${({ theme }) => theme.font.small};
`;

/** Members' lines other than the viewer's own can be reported (guests and the system have no account). */
export function reportable(message: ChatGroupMessage, myChatId: string | null): boolean {
  return message.from.role !== 'system' && message.from.userId !== myChatId && /^[1-9][0-9]*$/.test(message.from.userId);
}

/** Hands the button to the popover's ref and keeps it here too (to give it focus back after 提交/取消). */
function bothRefs(theirs: Ref<HTMLButtonElement>, ours: { current: HTMLButtonElement | null }) {
  return (element: HTMLButtonElement | null) => {
    ours.current = element;
    if (typeof theirs === 'function') theirs(element);
    else if (theirs) (theirs as { current: HTMLButtonElement | null }).current = element;
  };
}

/**
 * 举报 beside a chat line: a popover of reasons (remoteKit Popover: focus moves in, Escape or a
 * click outside closes it and focus returns to 举报; a bottom sheet on a phone), then `onReport`
 * (the room posts api/moderation/report with the line's message id). Closed again once sent.
 * The popover is placed against the line (MessageList's `li` is positioned), under it.
 */
export function ReportMenu({ message, onReport }: { message: ChatGroupMessage; onReport: (message: ChatGroupMessage, reason: ReportReason) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('abuse');
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const label = reportCopy.open(message.from.nickname);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  const submit = async () => {
    setBusy(true);
    await onReport(message, reason);
    setBusy(false);
    close();
  };

  return (
    <Popover
      title={label}
      open={open}
      onOpenChange={setOpen}
      placement="bottom-start"
      anchor="container"
      width={280}
      sheetOnNarrow
      testId="chat-report-menu"
      trigger={({ ref, ...props }) => (
        <Trigger {...props} ref={bothRefs(ref, triggerRef)} variant="ghost" size="small" aria-label={label} data-testid="chat-report">
          {reportCopy.button}
        </Trigger>
      )}
    >
      <Fields>
        <label htmlFor={selectId}>{reportCopy.reason}</label>
        <Select id={selectId} value={reason} onChange={(event) => setReason(event.target.value as ReportReason)} data-testid="chat-report-reason">
          {REPORT_REASONS.map((value) => (
            <option key={value} value={value}>
              {REPORT_REASON_LABELS[value]}
            </option>
          ))}
        </Select>
        <Button variant="primary" size="small" disabled={busy} onClick={() => void submit()} data-testid="chat-report-submit">
          {reportCopy.submit}
        </Button>
        <Button size="small" disabled={busy} onClick={close}>
          {reportCopy.cancel}
        </Button>
      </Fields>
    </Popover>
  );
}
