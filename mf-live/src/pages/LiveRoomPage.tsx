import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { LoadView, Muted, RemotePageFrame, requireLogin, useLoad, userInfoAtom, type RemotePageProps } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { ownerCopy, roomCopy } from '../messages';
import { LazyCreateRoomForm } from '../room/LazyCreateRoomForm';
import { LiveRoomView } from '../room/LiveRoomView';

/** A positive integer id from the query, else null. */
export function parseId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * The live room (`#/live?id=<roomId>`), or the anchor's own room (`#/live?mine=1`: their room,
 * or the create-room form when they have none yet).
 */
export default function LiveRoomPage({ context, location }: RemotePageProps) {
  const roomId = parseId(location.query.id);
  if (roomId !== null) return <LiveRoomView key={roomId} context={context} roomId={roomId} />;
  if (location.query.mine === '1') return <MyRoom context={context} />;
  return (
    <RemotePageFrame remote="mf-live" page="live" title={roomCopy.notFound}>
      <Muted>{roomCopy.noRoomId}</Muted>
    </RemotePageFrame>
  );
}

function MyRoom({ context }: Pick<RemotePageProps, 'context'>) {
  const user = useAtomValue(userInfoAtom);
  const isAnchor = user?.is_anchor === 1;
  const { state, retry } = useLoad(isAnchor ? `mine:${user.id ?? ''}` : null, () => liveApi(context.api).ownRooms());
  const ownRoom = state.status === 'ready' ? state.data[0] : undefined;
  const goTo = (id: number) => context.navigate(`/live?id=${id}`, { replace: true });

  useEffect(() => {
    if (!user) requireLogin(context);
  }, [user, context]);
  useEffect(() => {
    if (ownRoom) context.navigate(`/live?id=${ownRoom.room_id}`, { replace: true });
  }, [ownRoom, context]);

  if (!isAnchor) {
    return (
      <RemotePageFrame remote="mf-live" page="live" title={ownerCopy.createTitle}>
        <Muted>{user ? ownerCopy.anchorsOnly : ownerCopy.loginFirst}</Muted>
      </RemotePageFrame>
    );
  }
  return (
    <RemotePageFrame remote="mf-live" page="live" title={ownerCopy.createTitle}>
      <LoadView announceFailure state={state} failed={roomCopy.failed} onRetry={retry}>
        {(rooms) => (rooms.length === 0 ? <LazyCreateRoomForm context={context} onCreated={(room) => goTo(room.room_id)} /> : <Muted role="status">{ownerCopy.goToRoom}</Muted>)}
      </LoadView>
    </RemotePageFrame>
  );
}
