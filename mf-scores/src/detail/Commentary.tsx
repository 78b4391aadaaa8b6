import styled from 'styled-components';
import { LoadView, Muted, useLoad, useReloadOn, type MatchRow, type RemoteContext } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';
import { detailCopy } from '../messages';
import { eventSignature } from './Timeline';

const Lines = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 320px;
  overflow-y: auto;

  li {
    padding: 4px 0;
  }
  span {
    display: inline-block;
    min-width: 56px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The automatic text commentary (`GET api/hot_match/getRobot`), reloaded with every new event. */
export function Commentary({ context, row }: { context: RemoteContext; row: MatchRow }) {
  const matchId = row.match_id;
  const { state, reload, retry } = useLoad(`robot:${matchId}`, () => scoresApi(context.api).commentary(matchId));
  useReloadOn(eventSignature(row), reload);
  return (
    <section aria-label={detailCopy.commentary}>
      <h3>{detailCopy.commentary}</h3>
      <LoadView state={state} failed={detailCopy.failed} onRetry={retry}>
        {(page) =>
          page.list.length === 0 ? (
            <Muted>{detailCopy.noCommentary}</Muted>
          ) : (
            <Lines tabIndex={0} aria-label={detailCopy.commentary}>
              {page.list.map((line) => (
                <li key={line.id}>
                  <span>{line.match_str}</span>
                  {line.text}
                </li>
              ))}
            </Lines>
          )
        }
      </LoadView>
    </section>
  );
}
