import styled from 'styled-components';
import { boardCopy } from '../messages';

const Badge = styled.span`
  display: inline-block;
  min-width: 14px;
  margin: 0 2px;
  padding: 0 3px;
  border-radius: 2px;
  font-size: ${({ theme }) => theme.font.small};
  line-height: 16px;
  text-align: center;

  &[data-card='red'] {
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.textInverse};
  }
  &[data-card='yellow'] {
    background: #f2c200;
    color: ${({ theme }) => theme.colors.text};
  }
`;

export interface CardBadgesProps {
  red: number;
  yellow: number;
  showRed: boolean;
  showYellow: boolean;
}

/** A team's red and yellow cards, each shown only when its gameSeting switch is on and the count is not 0. */
export function CardBadges({ red, yellow, showRed, showYellow }: CardBadgesProps) {
  return (
    <>
      {showRed && red > 0 && (
        <Badge data-card="red" role="img" aria-label={boardCopy.redCards(red)}>
          {red}
        </Badge>
      )}
      {showYellow && yellow > 0 && (
        <Badge data-card="yellow" role="img" aria-label={boardCopy.yellowCards(yellow)}>
          {yellow}
        </Badge>
      )}
    </>
  );
}
