import styled from 'styled-components';
import { Badge, Button, LoadView, Muted, PagePanel, type ApiClient, type Prediction, type PredictionList, type RemoteContext } from '@sports/shared';
import { useCursorList } from '@sports/shared/pageKit';
import { predictionHistoryCopy as copy } from './predictionHistoryCopy';

/** api/Prediction/list?mine=1: the member's predictions, newest first (server/src/predictions/README.md). */
export const PREDICTION_HISTORY_PATH = 'api/Prediction/list';

export function predictionHistory(api: ApiClient, cursor?: string) {
  return api.get<PredictionList>(PREDICTION_HISTORY_PATH, { mine: 1, limit: 20, ...(cursor === undefined ? {} : { cursor: Number(cursor) }) });
}

const Rows = styled.ul`
  margin: 0 0 12px;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    justify-content: space-between;
    padding: 8px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** What the member's stake came to: pending, the payout, not won, or refunded. */
export function stakeOutcomeText(prediction: Prediction): string {
  const mine = prediction.mine;
  if (mine === null) return '';
  if (mine.payout === null) return copy.pending;
  if (prediction.state === 'settled') return mine.payout > 0 ? copy.won(mine.payout) : copy.lost;
  return copy.refunded(mine.payout);
}

/** 我的竞猜: each prediction the member staked on, their pick and stake, the result and the payout. */
export function PredictionHistory({ context }: { context: RemoteContext }) {
  const rows = useCursorList<Prediction>('prediction-history', async (cursor) => {
    const page = await predictionHistory(context.api, cursor);
    return { list: page.list, next_cursor: page.next_cursor === null ? null : String(page.next_cursor) };
  });
  const state = rows.state;
  return (
    <PagePanel aria-labelledby="prediction-history-heading">
      <h2 id="prediction-history-heading">{copy.heading}</h2>
      <LoadView announceFailure state={state.status === 'ready' ? { status: 'ready', data: state } : state} failed={copy.failed} onRetry={rows.retry}>
        {(page) =>
          page.items.length === 0 ? (
            <Muted>{copy.empty}</Muted>
          ) : (
            <>
              <Rows aria-labelledby="prediction-history-heading">
                {page.items.map((prediction) => {
                  const pick = prediction.mine === null ? '' : (prediction.outcomes[prediction.mine.outcome]?.label ?? '');
                  const result = prediction.winning_outcome === null ? null : (prediction.outcomes[prediction.winning_outcome]?.label ?? null);
                  return (
                    <li key={prediction.id} data-testid="prediction-history-row">
                      <span>
                        {prediction.title} <Badge>{copy.state[prediction.state]}</Badge>
                      </span>
                      <span data-testid="prediction-history-pick">{copy.pick(pick, prediction.mine?.amount ?? 0)}</span>
                      {result !== null && <Muted as="span">{copy.result(result)}</Muted>}
                      <strong data-testid="prediction-history-outcome">{stakeOutcomeText(prediction)}</strong>
                    </li>
                  );
                })}
              </Rows>
              {page.cursor !== null && (
                <Button disabled={page.more === 'loading'} onClick={rows.loadMore}>
                  {page.more === 'failed' ? copy.moreFailed : copy.more}
                </Button>
              )}
            </>
          )
        }
      </LoadView>
    </PagePanel>
  );
}
