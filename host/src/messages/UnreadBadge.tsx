import { useAtomValue } from 'jotai';
import { Badge } from '@sports/shared';
import { unreadCountAtom } from './unreadAtom';
import { unreadBadgeText, unreadCountLabel } from './unreadBadgeText';

/** The total of unread messages as a small badge (99+ beyond 99; read out as「N 条未读消息」); nothing when none. */
export function UnreadBadge({ className, testId = 'message-unread-badge' }: { className?: string; testId?: string }) {
  const total = useAtomValue(unreadCountAtom)?.total ?? 0;
  const text = unreadBadgeText(total);
  if (text === null) return null;
  return (
    // A status (a live region): its label is allowed there (not on a plain span) and a new count is announced.
    <Badge tone="live" role="status" className={className} data-testid={testId} aria-label={unreadCountLabel(total)}>
      {text}
    </Badge>
  );
}
