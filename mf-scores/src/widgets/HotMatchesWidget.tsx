import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { WidgetPanel, type HotMatch, type RemoteWidgetProps } from '@sports/shared';
import { widgetCopy } from '../messages';

const List = styled.ol`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  a {
    display: block;
    padding: 8px 12px;
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
`;

type HotListState = { status: 'loading' } | { status: 'ready'; matches: HotMatch[] } | { status: 'failed' };

/** The home page's hot competitions, from `GET api/hot_match/initial_list`. */
export default function HotMatchesWidget({ context }: RemoteWidgetProps) {
  const [state, setState] = useState<HotListState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    context.api
      .get<HotMatch[]>('api/hot_match/initial_list')
      .then((matches) => !cancelled && setState({ status: 'ready', matches }))
      .catch(() => !cancelled && setState({ status: 'failed' }));
    return () => {
      cancelled = true;
    };
  }, [context.api]);

  return (
    <WidgetPanel widgetId="hotMatches" remote="mf-scores" title={widgetCopy.hotMatchesTitle}>
      {state.status === 'loading' && <p role="status">{widgetCopy.loading}</p>}
      {state.status === 'failed' && <p>{widgetCopy.hotMatchesFailed}</p>}
      {state.status === 'ready' && (
        <List>
          {state.matches.map((match) => (
            <Item key={match.id}>
              <a href={`#/search?name=${encodeURIComponent(match.short_name_zh)}`}>{match.short_name_zh}</a>
            </Item>
          ))}
        </List>
      )}
    </WidgetPanel>
  );
}
