import styled from 'styled-components';
import { boardCopy } from '../messages';

const Star = styled.button`
  padding: 2px 6px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 18px;
  line-height: 1;
  cursor: pointer;

  &[aria-pressed='true'] {
    color: ${({ theme }) => theme.colors.warning};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
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
    <Star type="button" aria-pressed={favourite} aria-label={boardCopy.favourite(home, away)} onClick={onToggle}>
      {favourite ? '★' : '☆'}
    </Star>
  );
}
