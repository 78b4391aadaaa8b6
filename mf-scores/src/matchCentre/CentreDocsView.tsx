import type { ReactNode } from 'react';
import { LoadView, type LoadState } from '@sports/shared';
import { matchCentreCopy } from './matchCentreCopy';

/**
 * A sport's match-centre documents drawn once they are in (useCentreDocs' `docs`, kept live and
 * held for a lagging viewer): loading until then, the failure with a retry if the fetch failed.
 */
export function CentreDocsView<Docs>({ state, docs, retry, children }: { state: LoadState<Docs>; docs: Docs | null; retry: () => void; children: (docs: Docs) => ReactNode }) {
  const shown: LoadState<Docs> = docs === null ? (state.status === 'failed' ? state : { status: 'loading' }) : { status: 'ready', data: docs };
  return (
    <LoadView state={shown} failed={matchCentreCopy.failed} onRetry={retry}>
      {children}
    </LoadView>
  );
}
