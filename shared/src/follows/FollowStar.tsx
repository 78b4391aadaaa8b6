import styled from 'styled-components';
// The page's one copy of the kit, by name (this file is @sports/shared/follows, another singleton).
import { IconButton } from '@sports/shared';
import type { FollowTargetType } from '../schemas/follows';
import { followCopy } from './followCopy';
import type { Follows } from './useFollows';

/** A bare star beside a name: muted, gold while pressed (not the kit's filled pressed look). */
const Star = styled(IconButton)`
  padding: 0 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
  line-height: 1;
  vertical-align: baseline;

  &[aria-pressed='true'],
  &[aria-pressed='true']:hover:not(:disabled) {
    border-color: transparent;
    background: none;
    color: ${({ theme }) => theme.colors.warning};
  }
`;

export interface FollowStarProps {
  /** The page's follows (`useFollows(context)`, one call per page or list). */
  follows: Follows;
  type: FollowTargetType;
  id: number;
  /** The name the star sits beside: its label is 关注 <name> / 取消关注 <name>. */
  name: string;
}

/**
 * The follow toggle of a team, league or player (关注, issue 39): a button pressed
 * (`aria-pressed`) while followed, named 关注 <name> or 取消关注 <name>, Enter and Space work
 * (a real button). A guest's press shows 请登录后操作 and opens the login modal.
 */
export function FollowStar({ follows, type, id, name }: FollowStarProps) {
  const following = follows.isFollowing(type, id);
  return (
    <Star
      aria-pressed={following}
      label={following ? followCopy.unfollow(name) : followCopy.follow(name)}
      icon={following ? '★' : '☆'}
      onClick={() => follows.toggle(type, id, name)}
      data-follow-type={type}
      data-follow-id={id}
    />
  );
}
