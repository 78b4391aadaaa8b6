import { useState } from 'react';
import styled from 'styled-components';
import { Button, Muted, PagePanel, RemotePageFrame, Tabs, sharedMessages, useLoad, type HeadlineItem, type RemotePageProps } from '@sports/shared';
import { useCursorList } from '@sports/shared/pageKit';
import { headlinesApi } from '../api/headlinesApi';
import { HeadlineCard } from './HeadlineCard';
import { newsCopy } from './headlinesCopy';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const More = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  padding-top: 12px;
`;

const ALL = 'all';

/**
 * #/news: category tabs from `api/Headlines/classifyList` (全部 first = no filter), the published
 * articles of the chosen one newest first (`api/Headlines/getList`), 加载更多 following the keyset
 * `next_cursor` until it is null. `?category=<key>` opens a category directly.
 */
export default function NewsPage({ context, location }: RemotePageProps) {
  const api = headlinesApi(context.api);
  const categories = useLoad('headline-categories', () => api.categories());
  const [category, setCategory] = useState<string>(location.query.category ?? ALL);
  const articles = useCursorList<HeadlineItem>(`news:${category}`, (cursor) =>
    api.list({ ...(category === ALL ? {} : { category }), ...(cursor === undefined ? {} : { cursor }) }),
  );
  const tabs = [{ key: ALL, label: newsCopy.all }, ...(categories.state.status === 'ready' ? categories.state.data.map((item) => ({ key: item.key, label: item.name })) : [])];
  // A category in the address that the server does not list still reads (the server refuses an unknown one).
  if (!tabs.some((tab) => tab.key === category)) tabs.push({ key: category, label: category });
  const state = articles.state;

  return (
    <RemotePageFrame remote="mf-community" page="news" title={newsCopy.title}>
      <PagePanel aria-label={newsCopy.list}>
        {categories.state.status === 'failed' && <Muted>{newsCopy.categoriesFailed}</Muted>}
        <Tabs label={newsCopy.categories} items={tabs} selected={category} onSelect={setCategory} tabTestId={(key) => `news-tab-${key}`}>
          {state.status === 'loading' && <Muted role="status">{sharedMessages.loading}</Muted>}
          {state.status === 'failed' && (
            <Muted role="alert">
              {newsCopy.failed}{' '}
              <Button onClick={articles.retry}>
                {sharedMessages.retry}
              </Button>
            </Muted>
          )}
          {state.status === 'ready' &&
            (state.items.length === 0 ? (
              <Muted data-testid="news-empty">{newsCopy.empty}</Muted>
            ) : (
              <>
                <List aria-label={newsCopy.list} data-testid="news-list">
                  {state.items.map((item) => (
                    <HeadlineCard key={item.id} item={item} />
                  ))}
                </List>
                {(state.cursor !== null || state.more === 'failed') && (
                  <More>
                    {state.more === 'failed' && <span role="alert">{newsCopy.moreFailed}</span>}
                    {state.cursor !== null && (
                      <Button data-testid="news-more" disabled={state.more === 'loading'} aria-busy={state.more === 'loading'} onClick={articles.loadMore}>
                        {state.more === 'loading' ? newsCopy.moreLoading : newsCopy.more}
                      </Button>
                    )}
                  </More>
                )}
              </>
            ))}
        </Tabs>
      </PagePanel>
    </RemotePageFrame>
  );
}
