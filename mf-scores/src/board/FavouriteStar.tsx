import styled from 'styled-components';
import { IconButton } from '@sports/shared';
import { boardCopy } from '../messages';

/** A bare star: muted, gold while pressed (not the kit's filled pressed look). */
const Star = styled(IconButton)`
  padding: 2px 6px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 15px;
  line-height: 1;

  &[aria-pressed='true'],
  &[aria-pressed='true']:hover:not(:disabled) {
    border-color: transparent;
    background: none;
    color: ${({ theme }) => theme.colors.warning};
  }
`;

export interface FavouriteStarProps {
  home: string;
  away: string;
  favourite: boolean;
  onToggle: () => void;
}

/** The favourite toggle of one match: a pressed button while it is a favourite. */
export function FavouriteStar({ home, away, favourite, onToggle }: FavouriteStarProps) {
  return (
    <Star aria-pressed={favourite} label={boardCopy.favourite(home, away)} icon={favourite ? '★' : '☆'} onClick={onToggle} />
  );
}
