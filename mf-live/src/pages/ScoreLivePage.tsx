import type { ReactNode } from 'react';
import { LoadView, Muted, PagePanel, RemotePageFrame, useLoad, type LiveRoomCard, type LiveSchedule, type LoadState, type RemotePageProps } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { pageCopy, roomCopy, scoreLiveCopy } from '../messages';
import { LiveRoomView } from '../room/LiveRoomView';
import { ScheduleList } from '../room/RoomSchedules';
import { CommentaryList } from '../commentary/CommentaryList';
import { ScoreBar, ScoreBarPlaceholder } from '../scoreBar/ScoreBar';
import { useRoomMatchState } from '../scoreBar/useRoomMatch';
import { parseId } from './LiveRoomPage';

/**
 * A match's live room (`#/score-live?id=<matchId>`): the room showing it (a live one first, as the
 * server orders the list filtered by `match_id`; the room shows the match's score bar and
 * commentary), or, when none does, the match's score bar and commentary (no player: immediate)
 * and the broadcasts scheduled for it to reserve.
 */
export default function ScoreLivePage({ context, location }: RemotePageProps) {
  const matchId = parseId(location.query.id);
  const api = liveApi(context.api);
  const { state, retry } = useLoad(matchId === null ? null : String(matchId), async () => {
    const [room, schedules] = await Promise.all([api.roomOfMatch(matchId ?? 0), api.schedulesOfMatch(matchId ?? 0)]);
    return { room, schedules };
  });
  const detail = matchId !== null && <a href={`#/score-detail?id=${matchId}`}>{scoreLiveCopy.matchDetail}</a>;

  if (matchId === null) {
    return (
      <RemotePageFrame remote="mf-live" page="score-live" title={pageCopy['score-live']?.title ?? ''}>
        <Muted>{scoreLiveCopy.noMatchId}</Muted>
      </RemotePageFrame>
    );
  }
  if (state.status === 'ready' && state.data.room) return <LiveRoomView key={state.data.room.room_id} context={context} roomId={state.data.room.room_id} />;
  return <MatchWithoutRoom context={context} matchId={matchId} state={state} retry={retry} detail={detail} />;
}

function MatchWithoutRoom({
  context,
  matchId,
  state,
  retry,
  detail,
}: {
  context: RemotePageProps['context'];
  matchId: number;
  state: LoadState<{ room: LiveRoomCard | null; schedules: LiveSchedule[] }>;
  retry: () => void;
  detail: ReactNode;
}) {
  const { row: match, loading: matchLoading } = useRoomMatchState(context, state.status === 'ready' ? matchId : null);
  return (
    <RemotePageFrame remote="mf-live" page="score-live" title={pageCopy['score-live']?.title ?? ''} aside={detail}>
      <LoadView announceFailure state={state} failed={roomCopy.failed} onRetry={retry}>
        {({ schedules }) => (
          <>
            {match !== null ? <ScoreBar row={match} /> : matchLoading && <ScoreBarPlaceholder />}
            <Muted>{scoreLiveCopy.noRoom}</Muted>
            <PagePanel aria-label={roomCopy.schedules}>
              <h2>{roomCopy.schedules}</h2>
              <ScheduleList context={context} schedules={schedules} />
            </PagePanel>
            {match !== null && (
              <PagePanel>
                <CommentaryList context={context} matchId={matchId} row={match} />
              </PagePanel>
            )}
          </>
        )}
      </LoadView>
    </RemotePageFrame>
  );
}
