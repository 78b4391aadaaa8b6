import type { ReactNode } from 'react';
import { LoadView, Muted, RemotePageFrame, useLoad, type RemotePageProps } from '@sports/shared';
import { matchCentreCopy } from '../matchCentreCopy';

interface ProfileFrameProps<Profile> extends RemotePageProps {
  title: string;
  /** What the page says when its `id` is missing or not a positive integer. */
  missing: string;
  /** Names the load (with the id) for useLoad. */
  kind: 'player' | 'team';
  load: (id: number) => Promise<Profile>;
  children: (profile: Profile) => ReactNode;
}

/**
 * The frame of a profile page (#/player?id=, #/team?id=): the id from the query, the answer loaded
 * (retry on failure), the page drawn from it; a note when the id is not one.
 */
export function ProfileFrame<Profile>({ location, title, missing, kind, load, children }: ProfileFrameProps<Profile>) {
  const id = Number(location.query.id);
  const valid = Number.isInteger(id) && id >= 1;
  const { state, retry } = useLoad(valid ? `${kind}:${id}` : null, () => load(id));
  return (
    <RemotePageFrame remote="mf-scores" page={location.path} title={title}>
      {valid ? (
        <LoadView state={state} failed={matchCentreCopy.failed} onRetry={retry}>
          {children}
        </LoadView>
      ) : (
        <Muted>{missing}</Muted>
      )}
    </RemotePageFrame>
  );
}
