import styled from 'styled-components';
import type { ChatSender } from '@sports/shared';
import { levelCopy } from '../messages';

const Badge = styled.span`
  display: inline-block;
  margin-right: 4px;
  padding: 0 4px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.warning};
  color: ${({ theme }) => theme.colors.textInverse};
  font-size: ${({ theme }) => theme.font.small};
  font-weight: bold;
  line-height: 1.5;
  text-shadow: none;
  vertical-align: middle;
  white-space: nowrap;
`;

/** The level a sender shows, or null: members only (guests and the system carry none), a sane integer. */
export function senderLevel(from: Pick<ChatSender, 'role' | 'level'>): number | null {
  if (from.role === 'guest' || from.role === 'system') return null;
  const level = from.level;
  return typeof level === 'number' && Number.isInteger(level) && level >= 1 && level <= 1_000 ? level : null;
}

/**
 * A member's level beside their name (chat, danmaku): the text LV<n>, so it reads without the
 * colour; the title spells it out (等级 n).
 */
export function LevelBadge({ level }: { level: number }) {
  return (
    <Badge className="level-badge" data-testid="level-badge" data-level={level} title={levelCopy.title(level)}>
      {levelCopy.badge(level)}
    </Badge>
  );
}
