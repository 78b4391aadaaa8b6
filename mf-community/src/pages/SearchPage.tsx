import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { RemotePageProps, SearchResult } from '@sports/shared';
import { searchCopy } from './searchCopy';

const Section = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  padding: 16px;
  margin-bottom: 16px;
`;

type SearchState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; result: SearchResult };

/**
 * #/search?name=…: what the navbar's search box opens in a new tab. The name comes from the
 * address, so the server validates it (1-10 characters) and answers code 1 otherwise; the API
 * client shows that message.
 */
export default function SearchPage({ context, location }: RemotePageProps) {
  const name = location.query.name?.trim() ?? '';
  const [state, setState] = useState<SearchState>({ status: 'idle' });

  useEffect(() => {
    if (!name) return setState({ status: 'idle' });
    let current = true;
    setState({ status: 'loading' });
    context.api
      .get<SearchResult>('api/Search/index', { name })
      .then((result) => current && setState({ status: 'ready', result }))
      .catch(() => current && setState({ status: 'failed' }));
    return () => {
      current = false;
    };
  }, [context.api, name]);

  return (
    <div data-remote="mf-community">
      <h1>{name ? searchCopy.titleFor(name) : searchCopy.title}</h1>
      {state.status === 'idle' && <p>{searchCopy.enterName}</p>}
      {state.status === 'loading' && <p role="status">{searchCopy.loading}</p>}
      {state.status === 'failed' && <p data-testid="search-failed">{searchCopy.failed}</p>}
      {state.status === 'ready' && <SearchResults result={state.result} />}
    </div>
  );
}

function SearchResults({ result }: { result: SearchResult }) {
  return (
    <>
      <Section aria-label={searchCopy.matches}>
        <h2>{searchCopy.matches}</h2>
        {result.matches.length === 0 ? (
          <p>{searchCopy.noMatches}</p>
        ) : (
          <ul data-testid="search-matches">
            {result.matches.map((match) => (
              <li key={match.id}>{match.short_name_zh}</li>
            ))}
          </ul>
        )}
      </Section>
      <Section aria-label={searchCopy.anchors}>
        <h2>{searchCopy.anchors}</h2>
        {result.anchors.length === 0 ? <p>{searchCopy.noAnchors}</p> : <ul>{result.anchors.map((anchor) => <li key={anchor.id}>{anchor.user_nickname}</li>)}</ul>}
      </Section>
      <Section aria-label={searchCopy.lives}>
        <h2>{searchCopy.lives}</h2>
        {result.lives.length === 0 ? <p>{searchCopy.noLives}</p> : <ul>{result.lives.map((live) => <li key={live.id}>{live.title}</li>)}</ul>}
      </Section>
    </>
  );
}
