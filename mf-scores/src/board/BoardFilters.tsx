import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Toolbar } from '@sports/shared';
import { boardCopy } from '../messages';

const Box = styled.div`
  > button {
    display: none;
  }

  /* A phone (the /h5 site): the filter and settings fold behind one button, so the first screen
     shows matches, not switches. Wider screens always show them and have no button. */
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    > button {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: 8px;
      width: 100%;
      min-height: 44px;
      padding: 0 4px;
      border: 0;
      background: none;
      color: ${({ theme }) => theme.colors.text};
      font: inherit;
      text-align: left;
      cursor: pointer;
    }
    > button::after {
      content: '▾';
      color: ${({ theme }) => theme.colors.textMuted};
    }
    > button[aria-expanded='true']::after {
      content: '▴';
    }
    &[data-open='false'] > [data-filters] {
      display: none;
    }
    &[data-open='true'] > [data-filters] {
      padding-top: 8px;
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
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span>
          {boardCopy.filters} <Summary>{competitionName ?? boardCopy.allCompetitions}</Summary>
        </span>
      </button>
      <Toolbar id={id} data-filters="">
        {children}
      </Toolbar>
    </Box>
  );
}
