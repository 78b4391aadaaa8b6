import styled from 'styled-components';
import type { ChatSender } from '@sports/shared';
import { GUARD_LEVEL_COLORS, GUARD_LEVEL_NAMES, guardCopy } from './guardCopy';

const Badge = styled.span`
  display: inline-block;
  margin-right: 4px;
  padding: 0 4px;
  border-radius: ${({ theme }) => theme.radius.small};
  color: #fff;
  font-size: ${({ theme }) => theme.font.small};
  font-weight: bold;
  line-height: 1.5;
  text-shadow: none;
  vertical-align: middle;
  white-space: nowrap;
`;

/** The guard level a sender shows in this room, or null: members only, 1-3. */
export function senderGuard(from: Pick<ChatSender, 'role' | 'guard'>): 1 | 2 | 3 | null {
  if (from.role === 'guest' || from.role === 'system') return null;
  const guard = from.guard;
  return guard === 1 || guard === 2 || guard === 3 ? guard : null;
}

/** A guard's badge beside their name (chat, danmaku, the guard list): the tier's name on its colour. */
export function GuardBadge({ level }: { level: 1 | 2 | 3 }) {
  const name = GUARD_LEVEL_NAMES[level];
  return (
    <Badge className="guard-badge" data-testid="guard-badge" data-guard={level} title={guardCopy.badgeTitle(name)} style={{ background: GUARD_LEVEL_COLORS[level] }}>
      {name}
    </Badge>
  );
}
