import styled from 'styled-components';
import { TeamName, useLoad, WidgetPanel, type HotMatch, type LiveRoomCard, type MatchRow, type PageOf, type RemoteWidgetProps, type ScoreSport } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';
import { isLive, overlayRows } from '../live/liveRows';
import { useLiveMatches } from '../live/useLiveMatches';
import { widgetCopy } from '../messages';
import { hotMatchesCopy } from './hotMatchesCopy';
import { HOT_MATCHES_SHOWN, hotMatchRows, roomsByMatch, teamBadge } from './hotMatchRows';

/** The live list (the rooms showing a match carry it); mf-live's path, read here for the room links. */
export const LIVE_LIST_PATH = 'api/Live_streaming/getLiveList';
const ALL_SPORTS: readonly ScoreSport[] = ['football', 'basketball', 'esports', 'general'];

const Matches = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 8px;
  margin: 0 0 12px;
  padding: 0;
  list-style: none;
`;

const Match = styled.li`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.background};

  > a {
    display: flex;
    flex-direction: column;
    gap: 4px;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    > a {
      min-height: 44px;
    }
  }
`;

const Head = styled.span`
  display: flex;
  justify-content: space-between;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};

  [data-live='true'] {
    color: ${({ theme }) => theme.colors.brand};
    font-weight: 600;
  }
`;

const Teams = styled.span`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 8px;

  > span:last-child {
    justify-content: flex-end;
  }
`;

/* The name (TeamName) shrinks, the badge does not: a long name ends with … on the right, on either side. */
const Team = styled.span`
  display: flex;
  align-items: center;
  gap: 6px;
  min-width: 0;
`;

const Badge = styled.span<{ $hue: number }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 22px;
  height: 22px;
  border-radius: 50%;
  color: #fff;
  font-size: 12px;
  background: hsl(${({ $hue }) => $hue} 55% 40%);
`;

const Score = styled.strong`
  font-variant-numeric: tabular-nums;
`;

/* A 24 px tall target at least (WCAG 2.2 target size: it sits right under the match's link). */
const Watch = styled.a`
  align-self: flex-start;
  display: inline-block;
  min-width: 24px;
  min-height: 24px;
  line-height: 24px;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.brand};

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    min-width: 44px;
    min-height: 44px;
    line-height: 44px;
    font-size: ${({ theme }) => theme.font.body};
  }
`;

const Competitions = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.small};

  /* Each link a 24 px tall target (WCAG 2.2 target size). */
  a {
    display: inline-block;
    min-height: 24px;
    line-height: 24px;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    font-size: ${({ theme }) => theme.font.body};
    a {
      min-width: 44px;
      min-height: 44px;
      line-height: 44px;
    }
  }
`;

interface HotData {
  matches: MatchRow[];
  rooms: Map<number, LiveRoomCard[]>;
  competitions: HotMatch[];
}

/**
 * The home page's hot matches: live matches first (then the next to start), each with its teams,
 * score, minute and live state, kept live by the live-data socket; linking to the match's detail
 * and, when a room shows it, to the room. The hot competitions follow as links to search.
 */
export default function HotMatchesWidget({ context }: RemoteWidgetProps) {
  const { liveIndex } = useLiveMatches(ALL_SPORTS);
  const { state } = useLoad('hotMatches', async (): Promise<HotData> => {
    const api = scoresApi(context.api);
    const [live, scheduled, rooms, competitions] = await Promise.all([
      api.allMatch({ status: 'live', page: 1, page_size: 20 }),
      api.allMatch({ status: 'scheduled', page: 1, page_size: HOT_MATCHES_SHOWN }),
      // Room links are extra: the matches show without them.
      context.api.get<PageOf<LiveRoomCard>>(LIVE_LIST_PATH, { type: 0, page: 1, page_size: 50 }).catch(() => null),
      api.hotList().catch(() => [] as HotMatch[]),
    ]);
    return { matches: hotMatchRows([...live.list, ...scheduled.list]), rooms: roomsByMatch(rooms?.list ?? []), competitions };
  });

  return (
    <WidgetPanel widgetId="hotMatches" remote="mf-scores" title={widgetCopy.hotMatchesTitle} loading={state.status === 'loading'}>
      {state.status === 'loading' && <p role="status">{widgetCopy.loading}</p>}
      {state.status === 'failed' && <p>{widgetCopy.hotMatchesFailed}</p>}
      {state.status === 'ready' && (
        <>
          {state.data.matches.length === 0 && <p>{hotMatchesCopy.noMatches}</p>}
          {state.data.matches.length > 0 && (
            <Matches data-testid="hot-matches">
              {overlayRows(state.data.matches, liveIndex).map((match) => (
                <HotMatchItem key={match.match_id} match={match} rooms={state.data.rooms.get(match.match_id) ?? []} />
              ))}
            </Matches>
          )}
          {state.data.competitions.length > 0 && (
            <nav aria-label={hotMatchesCopy.competitions}>
              <Competitions data-testid="hot-competitions">
                {state.data.competitions.map((competition) => (
                  <li key={competition.id}>
                    <a href={`#/search?name=${encodeURIComponent(competition.short_name_zh)}`}>{competition.short_name_zh}</a>
                  </li>
                ))}
              </Competitions>
            </nav>
          )}
        </>
      )}
    </WidgetPanel>
  );
}

function HotMatchItem({ match, rooms }: { match: MatchRow; rooms: LiveRoomCard[] }) {
  const live = isLive(match);
  const started = match.status !== 'scheduled';
  const score = started ? `${match.home_score} - ${match.away_score}` : 'VS';
  const home = teamBadge(match.home_team_id, match.home_team_name_zh);
  const away = teamBadge(match.away_team_id, match.away_team_name_zh);
  const room = rooms[0];
  return (
    <Match data-testid="hot-match" data-status={match.status}>
      {/* Named by what it shows (competition, state, teams, score): a label of its own would not
          contain the visible text (axe label-content-name-mismatch, WCAG 2.5.3). */}
      <a href={`#/score-detail?id=${match.match_id}`}>
        <Head>
          <span>{match.competition_short_zh}</span>
          <span data-live={live} data-testid="hot-match-state">
            {live ? `${hotMatchesCopy.live} ${match.match_str}` : match.match_str}
          </span>
        </Head>
        <Teams>
          <Team>
            <Badge $hue={home.hue} aria-hidden="true">
              {home.letter}
            </Badge>
            <TeamName name={match.home_team_name_zh} />
          </Team>
          <Score data-testid="hot-match-score">{score}</Score>
          <Team>
            <TeamName name={match.away_team_name_zh} />
            <Badge $hue={away.hue} aria-hidden="true">
              {away.letter}
            </Badge>
          </Team>
        </Teams>
      </a>
      {room !== undefined && (
        <Watch href={`#/live?id=${room.room_id}`} data-testid="hot-match-room" aria-label={hotMatchesCopy.watchLabel(match.home_team_name_zh, match.away_team_name_zh)}>
          {hotMatchesCopy.watch}
        </Watch>
      )}
    </Match>
  );
}
