import { Muted, PagePanel, Button, sharedMessages, type HeadlineHistoryItem, type RemoteContext } from '@sports/shared';
import { useCursorList } from '@sports/shared/pageKit';
import { headlinesHistoryApi } from '../api/headlinesApi';
import { ErrorText, PlainList } from '../ui/Form';
import { formatDateTime } from '../ui/format';

export const readingHistoryCopy = {
  heading: '阅读历史',
  failed: '阅读历史加载失败',
  empty: '还没有读过头条',
  readAt: (time: string) => `阅读于 ${time}`,
  /** The retry button's name: 重试 plus which list, as the page has other 重试 buttons. */
  retry: '重试阅读历史',
  more: '更多',
  moreLoading: '加载中…',
  moreFailed: '加载失败，请重试',
} as const;

/**
 * My space's 阅读历史: the headlines I opened (`api/Headlines_user/history`, recorded by the
 * article page's `api/Headlines_user/insert`), last read first, each a link to #/detail?id=;
 * 更多 follows `next_cursor`. Members only (the persona page renders it for a member).
 */
export function ReadingHistorySection({ context }: { context: Pick<RemoteContext, 'api'> }) {
  const api = headlinesHistoryApi(context.api);
  const history = useCursorList<HeadlineHistoryItem>('reading-history', (cursor) => api.history(cursor));
  const state = history.state;
  return (
    <PagePanel aria-labelledby="persona-reading-heading">
      <h2 id="persona-reading-heading">{readingHistoryCopy.heading}</h2>
      {state.status === 'loading' && <Muted role="status">{sharedMessages.loading}</Muted>}
      {state.status === 'failed' && (
        <Muted>
          {readingHistoryCopy.failed}{' '}
          <Button type="button" aria-label={readingHistoryCopy.retry} onClick={history.retry}>
            {sharedMessages.retry}
          </Button>
        </Muted>
      )}
      {state.status === 'ready' &&
        (state.items.length === 0 ? (
          <Muted data-testid="reading-history-empty">{readingHistoryCopy.empty}</Muted>
        ) : (
          <>
            <PlainList aria-label={readingHistoryCopy.heading} data-testid="reading-history">
              {state.items.map((item) => (
                <li key={item.id} data-testid="reading-history-item" data-headline-id={item.id}>
                  <a href={`#/detail?id=${item.id}`}>{item.title}</a>
                  <span>{item.category_name}</span>
                  <span>{readingHistoryCopy.readAt(formatDateTime(item.read_at))}</span>
                </li>
              ))}
            </PlainList>
            {state.cursor !== null && (
              <Button type="button" data-testid="reading-history-more" disabled={state.more === 'loading'} aria-busy={state.more === 'loading'} onClick={history.loadMore}>
                {state.more === 'loading' ? readingHistoryCopy.moreLoading : readingHistoryCopy.more}
              </Button>
            )}
            {state.more === 'failed' && <ErrorText role="alert">{readingHistoryCopy.moreFailed}</ErrorText>}
          </>
        ))}
    </PagePanel>
  );
}
