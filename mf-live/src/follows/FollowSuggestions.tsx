import { useState } from 'react';
import styled from 'styled-components';
import { Button, LoadView, Muted, useLoad, userInfoAtom, type FollowSuggestion, type RemoteContext } from '@sports/shared';
import { ensureFollowIds, followIdsAtom, followsApi } from '@sports/shared/follows';
import { liveApi } from '../api/liveApi';
import { CardGrid, RoomCard } from '../ui/RoomCard';
import { followsCopy } from './followsCopy';
import { recommendApi } from './recommendApi';

/** What the empty page suggests: teams, leagues, live anchors (each a section). */
export type SuggestionKind = 'team' | 'league' | 'anchor';

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 4px 4px 4px 10px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.medium};
  }
`;

const Section = styled.section`
  margin-top: 12px;

  h3 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.font.body};
  }
`;

/** The member's key in the follow ids' store (shared/src/follows/useFollows.ts). */
function ownerOf(context: RemoteContext): string | null {
  const user = context.store.get(userInfoAtom);
  return user === null ? null : String(user.id ?? user.user_nickname);
}

/**
 * The empty state's 推荐关注 (issue 39 part 4): from `api/Recommend/follows`, the teams and leagues
 * of the matches the member viewed (else popular ones) and live anchors in the sports they watch,
 * each with a 关注 button. A follow is sent and then `onFollowed` is told (the page reads its list
 * again, the server having it); the page's followed ids (the stars) are read again too.
 */
export function FollowSuggestions({ context, kinds, onFollowed }: { context: RemoteContext; kinds: readonly SuggestionKind[]; onFollowed?: (kind: SuggestionKind) => void }) {
  const { state, retry } = useLoad('suggestions', () => recommendApi(context.api).follows());
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);

  const follow = async (kind: SuggestionKind, id: number) => {
    const key = `${kind}:${id}`;
    setBusy(key);
    try {
      if (kind === 'anchor') await liveApi(context.api).attention({ anchor_id: id, attention: 1 });
      else await followsApi(context.api).set(kind, id, true);
      setDone((current) => new Set(current).add(key));
      const owner = ownerOf(context);
      if (owner !== null && kind !== 'anchor') {
        context.store.set(followIdsAtom, { status: 'idle' });
        ensureFollowIds(context, owner);
      }
      onFollowed?.(kind);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(null);
    }
  };

  const followButton = (kind: SuggestionKind, id: number, name: string) => {
    const key = `${kind}:${id}`;
    const followed = done.has(key);
    return (
      <Button size="small" variant={followed ? 'secondary' : 'primary'} disabled={followed || busy === key} aria-label={followed ? `${followsCopy.followed} ${name}` : followsCopy.follow(name)} onClick={() => void follow(kind, id)}>
        {followed ? followsCopy.followed : followsCopy.tabFollow}
      </Button>
    );
  };

  const chips = (kind: 'team' | 'league', title: string, items: readonly FollowSuggestion[]) =>
    items.length === 0 ? null : (
      <Section aria-label={title}>
        <h3>{title}</h3>
        <Chips data-testid={`suggested-${kind}s`}>
          {items.map((item) => (
            <li key={item.id} data-reason={item.reason}>
              <span>{item.name}</span>
              <Muted as="span">{item.reason === 'viewed' ? followsCopy.viewed : followsCopy.popular}</Muted>
              {followButton(kind, item.id, item.name)}
            </li>
          ))}
        </Chips>
      </Section>
    );

  return (
    <section aria-label={followsCopy.suggestions} data-testid="follow-suggestions">
      <h2>{followsCopy.suggestions}</h2>
      <LoadView state={state} failed={followsCopy.suggestionsFailed} onRetry={retry}>
        {(suggestions) => {
          const teams = kinds.includes('team') ? suggestions.teams : [];
          const leagues = kinds.includes('league') ? suggestions.leagues : [];
          const anchors = kinds.includes('anchor') ? suggestions.anchors : [];
          if (teams.length + leagues.length + anchors.length === 0) return <Muted>{followsCopy.noSuggestions}</Muted>;
          return (
            <>
              {chips('team', followsCopy.suggestedTeams, teams)}
              {chips('league', followsCopy.suggestedLeagues, leagues)}
              {anchors.length > 0 && (
                <Section aria-label={followsCopy.suggestedAnchors}>
                  <h3>{followsCopy.suggestedAnchors}</h3>
                  <CardGrid data-testid="suggested-anchors">
                    {anchors.map((room) => (
                      <RoomCard key={room.room_id} room={room} />
                    ))}
                  </CardGrid>
                  <Chips aria-label={followsCopy.suggestedAnchors}>
                    {anchors.map((room) => (
                      <li key={room.room_id}>
                        <span>{room.anchor.user_nickname}</span>
                        {followButton('anchor', room.anchor.anchor_id, room.anchor.user_nickname)}
                      </li>
                    ))}
                  </Chips>
                </Section>
              )}
            </>
          );
        }}
      </LoadView>
    </section>
  );
}
