import { Muted, RemotePageFrame, type RemotePageProps } from '@sports/shared';
import { ClipView } from '../clips/ClipView';
import { ReplayView } from '../clips/ReplayView';
import { clipCopy } from '../clips/clipCopy';

/** A positive integer id from the query, else null (LiveRoomPage's rule; not imported: that module pulls the room in). */
function parseId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * A clip (`#/clip?id=<clipId>`) or a broadcast's replay (`#/clip?replay=<replayId>`), on the site
 * and on /h5; anyone may open them (the share link).
 */
export default function ClipPage({ context, location }: RemotePageProps) {
  const replayId = parseId(location.query.replay);
  if (replayId !== null) return <ReplayView key={`replay-${replayId}`} context={context} replayId={replayId} />;
  const clipId = parseId(location.query.id);
  if (clipId !== null) return <ClipView key={clipId} context={context} clipId={clipId} />;
  return (
    <RemotePageFrame remote="mf-live" page="clip" title={clipCopy.page}>
      <Muted>{clipCopy.notFound}</Muted>
    </RemotePageFrame>
  );
}
