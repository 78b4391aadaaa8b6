import styled from 'styled-components';
import { Button, Muted, type MatchRow } from '@sports/shared';
import type { Follows } from '@sports/shared/follows';
import { followFilterCopy } from './followFilterCopy';
import { isFollowedMatch } from './followedFirst';

const Chip = styled(Button)`
  border-radius: 999px;

  /* A phone: a 44 px touch target, like every control there. */
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    min-height: 44px;
    min-width: 44px;
  }
`;

export interface FollowFilterProps {
  pressed: boolean;
  onToggle: () => void;
}

/** The score lists' 关注 filter: a pressed chip while the followed teams' and leagues' matches come first. */
export function FollowFilter({ pressed, onToggle }: FollowFilterProps) {
  return (
    <Chip size="small" aria-pressed={pressed} title={followFilterCopy.hint} onClick={onToggle} data-testid="follow-filter">
      {followFilterCopy.filter}
    </Chip>
  );
}

export interface FollowNoteProps {
  follows: Follows;
  rows: readonly MatchRow[];
}

/** What the filter did to the list shown: how many followed matches are on top, or how to follow one. */
export function FollowNote({ follows, rows }: FollowNoteProps) {
  if (!follows.ready) return null;
  const followed = rows.filter((row) => isFollowedMatch(row, follows.ids)).length;
  const nothingFollowed = follows.ids.team.size === 0 && follows.ids.league.size === 0;
  return (
    <Muted role="status" data-testid="follow-note">
      {nothingFollowed ? followFilterCopy.none : followed === 0 ? followFilterCopy.noMatches : followFilterCopy.onTop(followed)}
    </Muted>
  );
}
