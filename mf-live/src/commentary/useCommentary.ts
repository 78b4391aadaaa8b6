import { useEffect, useRef, useState } from 'react';
import { useSpoilerFreeHold, type CommentaryLine, type MatchRow, type RemoteContext } from '@sports/shared';
import { matchApi } from '../scoreBar/matchApi';

/** The commentary is asked for again at most this often while the match changes. */
export const COMMENTARY_MIN_INTERVAL_MS = 2_000;
/** And at least this often while the room is open (a quiet spell still shows new lines). */
export const COMMENTARY_REFRESH_MS = 30_000;

export type CommentaryState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; lines: CommentaryLine[] };

/**
 * The automatic commentary of the room's match (`hot_match/getRobot`, newest first), asked for
 * again when the shown match row changes. `row` is the row the viewer may see (already held for
 * the player's delay). Spoiler-free like the score: a line shows once the viewer's picture has
 * reached its moment (`occurred_at` at most the player's current delay ago; at once without a player).
 */
export function useCommentary(context: RemoteContext, matchId: number, row: MatchRow | null): CommentaryState {
  const [state, setState] = useState<CommentaryState>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  const lastFetch = useRef(0);
  const hold = useSpoilerFreeHold(context.eventBus);
  const rowKey = row === null ? '' : `${row.status}|${row.match_str}|${row.home_score}-${row.away_score}|${JSON.stringify(row.period_scores)}|${row.home_yellow + row.away_yellow}|${row.home_red + row.away_red}`;

  useEffect(() => {
    const timer = setInterval(() => setTick((current) => current + 1), COMMENTARY_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    let active = true;
    const wait = Math.max(0, lastFetch.current + COMMENTARY_MIN_INTERVAL_MS - Date.now());
    const timer = setTimeout(() => {
      lastFetch.current = Date.now();
      matchApi(context.api)
        .commentary(matchId)
        .then((page) => active && setState({ status: 'ready', lines: page.list }))
        .catch(() => active && setState((current) => (current.status === 'ready' ? current : { status: 'failed' })));
    }, wait);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [context.api, matchId, rowKey, tick]);

  // Lines still ahead of the picture: look again each second until they are due.
  const [, setClock] = useState(0);
  const visibleUpTo = Date.now() - hold.delayOf(matchId);
  const waiting = state.status === 'ready' && state.lines.some((line) => Date.parse(line.occurred_at) > visibleUpTo);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setClock((current) => current + 1), 1_000);
    return () => clearInterval(timer);
  }, [waiting]);

  return state.status === 'ready' ? { status: 'ready', lines: linesUpTo(state.lines, visibleUpTo) } : state;
}

/** The lines the viewer may read: none after `upTo` (ms since the epoch). */
export function linesUpTo(lines: readonly CommentaryLine[], upTo: number): CommentaryLine[] {
  return lines.filter((line) => Date.parse(line.occurred_at) <= upTo);
}
