import { useEffect, useState } from 'react';
import type { RemoteName } from '@sports/shared';
import { onDevUpdate } from './devRemoteOverride';

/**
 * A number that changes after each hot update of `remote`'s routes under a dev override
 * (devRemoteOverride.ts): the component using it renders again, and the remote's routes module,
 * updated in place by the dev server, hands it the new page. Never changes on an ordinary page.
 */
export function useDevRemoteUpdates(remote: RemoteName): number {
  const [revision, setRevision] = useState(0);
  useEffect(() => onDevUpdate(remote, () => setRevision((previous) => previous + 1)), [remote]);
  return revision;
}
