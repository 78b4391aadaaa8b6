import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  Muted,
  PagePanel,
  RelativeChinaTime,
  RemotePageFrame,
  Tabs,
  TextInput,
  useLoad,
  type RemotePageProps,
  type SearchAnchor,
  type SearchLive,
  type SearchMatch,
  type SearchPlayer,
  type SearchResult,
} from '@sports/shared';
import { FollowStar, useFollows, type Follows } from '@sports/shared/follows';
import { useCursorList, type CursorPage } from '@sports/shared/pageKit';
import { formatDateTime } from '../headlines/format';
import { playerCentreHref, teamCentreHref } from '../knowledge/knowledgeApi';
import { searchApi } from './searchApi';
import { searchCopy } from './searchCopy';

const TAB_KEYS = ['all', 'matches', 'competitions', 'teams', 'players', 'anchors', 'lives', 'posts', 'headlines'] as const;
type TabKey = (typeof TAB_KEYS)[number];
const TABS: Array<{ key: TabKey; label: string }> = TAB_KEYS.map((key) => ({ key, label: searchCopy[key] }));

/** The search box's row (inside a plain <form role="search">). */
const SearchRow = styled.div`
  display: flex;
  gap: 8px;
  margin-bottom: 16px;

  input {
    flex: 1;
    max-width: 360px;
  }
`;

const List = styled.ul`
  margin: 0 0 12px;
  padding: 0;
  list-style: none;

  li {
    padding: 8px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  li:last-child {
    border-bottom: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.text};
  }
  a:hover {
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

const Meta = styled.span`
  margin-left: 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

const PlayerMatches = styled(Meta)`
  a {
    margin-left: 8px;
  }
`;

const Badge = styled.span<{ $live: boolean }>`
  margin-left: 8px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme, $live }) => ($live ? theme.colors.surface : theme.colors.textMuted)};
  background: ${({ theme, $live }) => ($live ? theme.colors.brandDark : theme.colors.background)};
`;

const LiveThumb = styled.img`
  width: 96px;
  height: 54px;
  margin-right: 8px;
  border-radius: ${({ theme }) => theme.radius.small};
  object-fit: cover;
  vertical-align: middle;
  background: ${({ theme }) => theme.colors.background};
`;

/** A room's picture: the stream's recent frame while live, else its cover or the category placeholder (`thumb`); site paths and http(s) only. */
export function livePicture(live: SearchLive): string | undefined {
  const safe = (src: string) => (/^(\/[^\s]*|https?:\/\/[^\s]+)$/.test(src) ? src : undefined);
  return live.is_live ? safe(live.thumb) : (safe(live.cover) ?? safe(live.thumb));
}

const HotList = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Only the site's own hash routes are followed (the server sends `#/…`). */
const safeLink = (link: string) => (/^#\/[A-Za-z-]/.test(link) ? link : '#/search');
const searchHref = (name: string) => `#/search?name=${encodeURIComponent(name)}`;

/**
 * #/search?name=…: what the navbar's search box opens (a new tab), and its own box. With a name:
 * `api/Search/index` grouped in tabs, one a kind (全部, 比赛, 赛事, 球队, 球员, 主播, 直播, 帖子, 资讯;
 * each group best first, as the server ranks it; 主播 and 直播 page
 * further by cursor through `api/Search/anchor|live`); every result is a link to its page.
 * Without one: the hot searches (`api/Search/hot`, counted from real queries). All text is React
 * text. The server validates the name (1-10 characters) and answers code 1 otherwise.
 */
export default function SearchPage({ context, location }: RemotePageProps) {
  const name = location.query.name?.trim() ?? '';
  const api = searchApi(context.api);
  // The member's follows: a star beside each competition, team and player found (issue 39).
  const follows = useFollows(context);
  const [draft, setDraft] = useState(name);
  const [tab, setTab] = useState<TabKey>(TAB_KEYS.includes(location.query.tab as TabKey) ? (location.query.tab as TabKey) : 'all');
  useEffect(() => setDraft(name), [name]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    context.navigate(next === '' ? '/search' : `/search?name=${encodeURIComponent(next)}`);
  };

  return (
    <RemotePageFrame remote="mf-community" page="search" title={name ? searchCopy.titleFor(name) : searchCopy.title}>
      <form role="search" onSubmit={submit}>
        <SearchRow>
          <TextInput type="search" aria-label={searchCopy.box} value={draft} maxLength={searchCopy.maxLength} onChange={(event) => setDraft(event.target.value)} />
          <Button type="submit" variant="primary">
            {searchCopy.submit}
          </Button>
        </SearchRow>
      </form>
      {name === '' ? <HotSearches load={api.hot} /> : <Results key={name} name={name} tab={tab} onTab={setTab} api={api} follows={follows} />}
    </RemotePageFrame>
  );
}

function HotSearches({ load }: { load: () => Promise<{ list: Array<{ term: string; hits: number }> }> }) {
  const hot = useLoad('search-hot', load);
  return (
    <PagePanel aria-label={searchCopy.hot}>
      <p>{searchCopy.enterName}</p>
      <h2>{searchCopy.hot}</h2>
      {hot.state.status === 'loading' && <Muted role="status">{searchCopy.loading}</Muted>}
      {(hot.state.status === 'failed' || (hot.state.status === 'ready' && hot.state.data.list.length === 0)) && <Muted>{searchCopy.noHot}</Muted>}
      {hot.state.status === 'ready' && hot.state.data.list.length > 0 && (
        <HotList data-testid="search-hot">
          {hot.state.data.list.map((item) => (
            <li key={item.term}>
              <a href={searchHref(item.term)}>{item.term}</a>
            </li>
          ))}
        </HotList>
      )}
    </PagePanel>
  );
}

function Results({ name, tab, onTab, api, follows }: { name: string; tab: TabKey; onTab: (key: TabKey) => void; api: ReturnType<typeof searchApi>; follows: Follows }) {
  const result = useLoad(`search:${name}`, () => api.index(name));
  const state = result.state;
  return (
    <PagePanel aria-label={searchCopy.tabs}>
      <Tabs label={searchCopy.tabs} items={TABS} selected={tab} onSelect={onTab} tabTestId={(key) => `search-tab-${key}`}>
        {state.status === 'loading' && <Muted role="status">{searchCopy.loading}</Muted>}
        {state.status === 'failed' && <Muted data-testid="search-failed">{searchCopy.failed}</Muted>}
        {state.status === 'ready' && tab === 'all' && <AllGroups result={state.data} follows={follows} />}
        {state.status === 'ready' && tab === 'matches' && <MatchGroup result={state.data} />}
        {state.status === 'ready' && tab === 'competitions' && <CompetitionGroup result={state.data} follows={follows} />}
        {state.status === 'ready' && tab === 'teams' && <TeamGroup teams={state.data.teams} follows={follows} />}
        {state.status === 'ready' && tab === 'players' && <PlayerGroup result={state.data} follows={follows} />}
        {state.status === 'ready' && tab === 'posts' && <PostGroup result={state.data} />}
        {state.status === 'ready' && tab === 'headlines' && <HeadlineGroup result={state.data} />}
        {tab === 'anchors' && <PagedGroup kind="anchors" load={(cursor) => api.anchors(name, cursor)} listKey={`anchors:${name}`} render={renderAnchor} />}
        {tab === 'lives' && <PagedGroup kind="lives" load={(cursor) => api.lives(name, cursor)} listKey={`lives:${name}`} render={renderLive} />}
      </Tabs>
    </PagePanel>
  );
}

function AllGroups({ result, follows }: { result: SearchResult; follows: Follows }) {
  const total = Object.values(result).reduce((sum, group: unknown[] | undefined) => sum + (group?.length ?? 0), 0);
  if (total === 0) return <Muted data-testid="search-empty">{searchCopy.noResults}</Muted>;
  return (
    <>
      <MatchGroup result={result} />
      <CompetitionGroup result={result} follows={follows} />
      <TeamGroup teams={result.teams} follows={follows} />
      <PlayerGroup result={result} follows={follows} />
      <Group kind="anchors" items={result.anchors} render={renderAnchor} />
      <Group kind="lives" items={result.lives} render={renderLive} />
      <PostGroup result={result} />
      <HeadlineGroup result={result} />
    </>
  );
}

const matchLabel = (match: SearchMatch) => `${match.home} ${match.status === 'scheduled' ? 'vs' : `${match.home_score} : ${match.away_score}`} ${match.away}`;

/** 比赛: the matches of the named teams, competitions and players, in play first. */
function MatchGroup({ result }: { result: SearchResult }) {
  return (
    <section aria-label={searchCopy.matches}>
      <h2>{searchCopy.matches}</h2>
      {result.matches.length === 0 ? (
        <Muted>{searchCopy.nothing(searchCopy.matches)}</Muted>
      ) : (
        <List data-testid="search-matches">
          {result.matches.map((match) => (
            <li key={`m${match.id}`}>
              <a href={safeLink(match.link)}>{matchLabel(match)}</a>
              <Meta>
                {match.competition} · {formatDateTime(match.kickoff_at)}
              </Meta>
            </li>
          ))}
        </List>
      )}
    </section>
  );
}

/** 赛事: the competitions named (their knowledge-base pages). */
function CompetitionGroup({ result, follows }: { result: SearchResult; follows: Follows }) {
  return (
    <section aria-label={searchCopy.competitions}>
      <h2>{searchCopy.competitions}</h2>
      {result.competitions.length === 0 ? (
        <Muted>{searchCopy.nothing(searchCopy.competitions)}</Muted>
      ) : (
        <List data-testid="search-competitions">
          {result.competitions.map((competition) => (
            <li key={`c${competition.id}`}>
              <a href={safeLink(competition.link)}>{competition.short_name_zh}</a>
              <FollowStar follows={follows} type="league" id={competition.id} name={competition.short_name_zh} />
              <Meta>{competition.name_zh}</Meta>
            </li>
          ))}
        </List>
      )}
    </section>
  );
}

/** 球员: each player's page, their team and number, and the matches they appear in (as the 比赛 group shows them). */
function PlayerGroup({ result, follows }: { result: SearchResult; follows: Follows }) {
  const players: SearchPlayer[] = result.players ?? [];
  const matchById = new Map(result.matches.map((match) => [match.id, match]));
  return (
    <section aria-label={searchCopy.players}>
      <h2>{searchCopy.players}</h2>
      {players.length === 0 ? (
        <Muted>{searchCopy.nothing(searchCopy.players)}</Muted>
      ) : (
        <List data-testid="search-players">
          {players.map((player) => {
            const appears = player.match_ids.flatMap((id) => matchById.get(id) ?? []);
            return (
              <li key={player.id}>
                <a href={safeLink(player.link)}>{player.name_zh}</a>
                <FollowStar follows={follows} type="player" id={player.id} name={player.name_zh} />
                <a href={playerCentreHref(player.id)} aria-label={searchCopy.centreLink(player.name_zh)}>
                  {searchCopy.centreLinkText}
                </a>
                <Meta>{searchCopy.shirt(player.team, player.shirt_number)}</Meta>
                {appears.length > 0 && (
                  <PlayerMatches data-testid="search-player-matches">
                    {searchCopy.appearsIn}
                    {appears.map((match) => (
                      <a key={match.id} href={safeLink(match.link)}>
                        {matchLabel(match)}
                      </a>
                    ))}
                  </PlayerMatches>
                )}
              </li>
            );
          })}
        </List>
      )}
    </section>
  );
}

function PostGroup({ result }: { result: SearchResult }) {
  return (
    <Group
      kind="posts"
      items={result.posts}
      render={(post) => (
        <>
          {post.text}
          <Meta>
            {post.author_nickname} · <RelativeChinaTime at={post.created_at} />
          </Meta>
        </>
      )}
    />
  );
}

function HeadlineGroup({ result }: { result: SearchResult }) {
  return (
    <Group
      kind="headlines"
      items={result.headlines}
      render={(headline) => (
        <>
          {headline.title}
          <Meta>{formatDateTime(headline.published_at)}</Meta>
        </>
      )}
    />
  );
}

function renderAnchor(anchor: SearchAnchor): ReactNode {
  return (
    <>
      {anchor.user_nickname}
      {anchor.room_id !== null && <Badge $live={anchor.is_live}>{anchor.is_live ? searchCopy.live : searchCopy.offline}</Badge>}
    </>
  );
}

function renderLive(live: SearchLive): ReactNode {
  const picture = livePicture(live);
  return (
    <>
      {picture !== undefined && <LiveThumb src={picture} alt="" loading="lazy" data-testid="search-live-thumb" />}
      {live.title}
      <Meta>
        {searchCopy.by(live.anchor_nickname)}
        {live.match != null && ` · ${live.match.home} vs ${live.match.away}`}
      </Meta>
      <Badge $live={live.is_live}>{live.is_live ? searchCopy.live : searchCopy.offline}</Badge>
    </>
  );
}

type GroupKind = 'teams' | 'anchors' | 'lives' | 'posts' | 'headlines';

/** 球队: each team's page, with its follow star. */
function TeamGroup({ teams, follows }: { teams: SearchResult['teams']; follows: Follows }) {
  return (
    <Group
      kind="teams"
      items={teams}
      render={(team) => team.name_zh}
      after={(team) => (
        <>
          <FollowStar follows={follows} type="team" id={team.id} name={team.name_zh} />
          <a href={teamCentreHref(team.id)} aria-label={searchCopy.centreLink(team.name_zh)}>
            {searchCopy.centreLinkText}
          </a>
        </>
      )}
    />
  );
}

function Group<Item extends { id: number; link: string }>({ kind, items, render, after }: { kind: GroupKind; items: Item[]; render: (item: Item) => ReactNode; after?: (item: Item) => ReactNode }) {
  return (
    <section aria-label={searchCopy[kind]}>
      <h2>{searchCopy[kind]}</h2>
      {items.length === 0 ? (
        <Muted>{searchCopy.nothing(searchCopy[kind])}</Muted>
      ) : (
        <List data-testid={`search-${kind}`}>
          {items.map((item) => (
            <li key={item.id}>
              <a href={safeLink(item.link)}>{render(item)}</a>
              {after?.(item)}
            </li>
          ))}
        </List>
      )}
    </section>
  );
}

function PagedGroup<Item extends { id: number; link: string }>({
  kind,
  listKey,
  load,
  render,
}: {
  kind: 'anchors' | 'lives';
  listKey: string;
  load: (cursor?: string) => Promise<CursorPage<Item>>;
  render: (item: Item) => ReactNode;
}) {
  const list = useCursorList<Item>(listKey, load);
  const state = list.state;
  if (state.status === 'loading') return <Muted role="status">{searchCopy.loading}</Muted>;
  if (state.status === 'failed') return <Muted data-testid="search-failed">{searchCopy.failed}</Muted>;
  return (
    <>
      <Group kind={kind} items={state.items} render={render} />
      {state.more === 'failed' && <span role="alert">{searchCopy.moreFailed}</span>}
      {state.cursor !== null && (
        <Button data-testid="search-more" disabled={state.more === 'loading'} onClick={list.loadMore}>
          {state.more === 'loading' ? searchCopy.moreLoading : searchCopy.more}
        </Button>
      )}
    </>
  );
}
