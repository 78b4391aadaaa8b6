import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@sports/shared';
import { matchCentreCopy } from '../matchCentreCopy';

const Figure = styled.figure`
  margin: 0 0 20px;

  figcaption {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    margin-bottom: 8px;
  }
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.body};
  }
  svg {
    display: block;
    width: 100%;
    max-width: 720px;
    height: auto;
    max-height: 420px;
    margin: 0 auto;
  }
`;

const Legend = styled.p`
  display: flex;
  gap: 16px;
  margin: 0 0 6px;
  font-size: ${({ theme }) => theme.font.small};
`;

const Swatch = styled.span<{ $side: 'home' | 'away' }>`
  display: inline-block;
  width: 10px;
  height: 10px;
  margin-right: 4px;
  border-radius: 2px;
  background: ${({ $side, theme }) => ($side === 'home' ? theme.colors.home : theme.colors.away)};
`;

/** Out of sight, still read by screen readers: the chart's table while the chart is shown. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;

  /* A table's scroll box in here is no region to scroll (nothing to see, nothing to focus). */
  div {
    overflow: visible;
  }
`;

export interface ChartFigureProps {
  title: string;
  /** `data-testid` of the figure. */
  testId: string;
  /** Controls over the chart (filters), shown under the title. */
  controls?: ReactNode;
  /** The drawing: an svg with role="img" and a summary as its name. */
  chart: ReactNode;
  /** The same data as a table: read by screen readers beside the chart, shown instead of it on demand. */
  table: ReactNode;
  /** The teams' colours, said above the chart (HTML: readable at any chart size). */
  legend?: { home: string; away: string };
}

/**
 * One chart of the match centre and its table alternative (issue 36: charts are accessible): the
 * table is always in the page (visually hidden while the chart shows); 以表格查看 swaps them.
 */
export function ChartFigure({ title, testId, controls, chart, table, legend }: ChartFigureProps) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <Figure aria-labelledby={titleId} data-testid={testId}>
      <figcaption>
        <h3 id={titleId}>{title}</h3>
        <Button size="small" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {matchCentreCopy.showTable}
        </Button>
      </figcaption>
      {controls}
      {legend && !asTable && (
        <Legend aria-hidden="true">
          <span>
            <Swatch $side="home" />
            {legend.home}
          </span>
          <span>
            <Swatch $side="away" />
            {legend.away}
          </span>
        </Legend>
      )}
      {asTable ? (
        table
      ) : (
        <>
          {chart}
          <VisuallyHidden as="div">{table}</VisuallyHidden>
        </>
      )}
    </Figure>
  );
}
