import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Toolbar } from '@sports/shared';
import { boardCopy } from '../messages';

const Box = styled.div`
  /* A phone (the /h5 site): the filter and settings fold behind one button, so the first screen
     shows matches, not switches. Wider screens always show them and have no button. */
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    &[data-open='false'] > [data-filters] {
      display: none;
    }
    &[data-open='true'] > [data-filters] {
      padding-top: 8px;
    }
  }
`;

/** The fold's button: only on a phone, the whole row wide, ▾ / ▴ after its text. */
const Fold = styled(Button)`
  display: none;

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    display: flex;
    justify-content: space-between;
    min-height: 44px;
    padding: 0 4px;
    text-align: left;

    &::after {
      content: '▾';
      color: ${({ theme }) => theme.colors.textMuted};
    }
    &[aria-expanded='true']::after {
      content: '▴';
    }
  }
`;

const Summary = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

export interface BoardFiltersProps {
  /** The competition chosen, shown on the folded button (全部赛事 when none). */
  competitionName: string | null;
  children: ReactNode;
}

/**
 * The scores board's toolbar (competition filter, display and alert settings). On a phone it is
 * folded by default behind 筛选与设置 (with the competition chosen), an aria-expanded button.
 */
export function BoardFilters({ competitionName, children }: BoardFiltersProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box data-open={open ? 'true' : 'false'} data-testid="board-filters">
      <Fold variant="ghost" block aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span>
          {boardCopy.filters} <Summary>{competitionName ?? boardCopy.allCompetitions}</Summary>
        </span>
      </Fold>
      <Toolbar id={id} data-filters="">
        {children}
      </Toolbar>
    </Box>
  );
}
