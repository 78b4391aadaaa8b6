import styled from 'styled-components';
import { Button, ChinaTime, LoadView, Muted, PagePanel, type PointsLine, type RemoteContext } from '@sports/shared';
import { useCursorList } from '@sports/shared/pageKit';
import { pointsApi } from './pointsApi';
import { pointsCopy } from './pointsCopy';

const Lines = styled.ul`
  margin: 0 0 12px;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    gap: 12px;
    justify-content: space-between;
    padding: 8px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Amount = styled.span<{ $plus: boolean }>`
  font-weight: 600;
  color: ${({ theme, $plus }) => ($plus ? theme.colors.success : theme.colors.text)};
`;

/** 积分明细: the member's points lines, newest first (更多记录 by cursor), each with what it was for and its China time. */
export function PointsHistory({ context, version }: { context: RemoteContext; version: number }) {
  const lines = useCursorList<PointsLine>(`points-history:${version}`, (cursor) => pointsApi(context.api).history(cursor));
  const state = lines.state;
  return (
    <PagePanel aria-labelledby="points-history-heading">
      <h2 id="points-history-heading">{pointsCopy.historyHeading}</h2>
      <LoadView announceFailure state={state.status === 'ready' ? { status: 'ready', data: state } : state} failed={pointsCopy.historyFailed} onRetry={lines.retry}>
        {(page) =>
          page.items.length === 0 ? (
            <Muted>{pointsCopy.historyEmpty}</Muted>
          ) : (
            <>
              <Lines aria-labelledby="points-history-heading">
                {page.items.map((line) => (
                  <li key={line.id} data-testid="points-line">
                    <span>
                      <span data-testid="points-line-kind">{pointsCopy.kinds[line.kind] ?? pointsCopy.otherKind}</span>{' '}
                      <Muted as="span">
                        <ChinaTime at={line.created_at} />
                      </Muted>
                    </span>
                    <Amount $plus={line.amount > 0} data-testid="points-line-amount">
                      {line.amount > 0 ? `+${line.amount}` : String(line.amount)}
                    </Amount>
                  </li>
                ))}
              </Lines>
              {page.cursor !== null && (
                <Button data-testid="points-history-more" disabled={page.more === 'loading'} onClick={lines.loadMore}>
                  {page.more === 'failed' ? pointsCopy.moreFailed : pointsCopy.more}
                </Button>
              )}
            </>
          )
        }
      </LoadView>
    </PagePanel>
  );
}
