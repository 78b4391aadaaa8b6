import { useCallback, useEffect, useState } from 'react';
import type { AnchorApplicationReview, AnchorApplicationState, OpsAnchorApplication } from '@sports/shared';
import type { OpsApi } from './opsApi';
import { failureMessage } from './opsFailure';

export interface ApplicationsView {
  list: OpsAnchorApplication[];
  total: number;
}

/** A review's answer: null on success, else the message shown in the row. */
export type ReviewOutcome = { ok: true; review: AnchorApplicationReview } | { ok: false; message: string };

/**
 * The review queue: one state's applications a page at a time, and approving / rejecting one.
 * A reviewed row is updated in place from the server's answer (so its new state shows until the
 * list is reloaded); a refusal (e.g. reviewed meanwhile) is answered for the row to show.
 */
export function useAnchorApplications(api: OpsApi, onForbidden: () => void) {
  const [state, setState] = useState<AnchorApplicationState>('pending');
  const [page, setPage] = useState(1);
  const [view, setView] = useState<ApplicationsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const answer = await api.anchorApplications(state, page);
      setView({ list: answer.list, total: answer.total });
      setLoadError(null);
    } catch (error) {
      setLoadError(failureMessage(error, onForbidden));
    }
  }, [api, state, page, onForbidden]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const showState = useCallback((next: AnchorApplicationState) => {
    setView(null);
    setState(next);
    setPage(1);
  }, []);

  const review = useCallback(
    async (run: () => Promise<AnchorApplicationReview>): Promise<ReviewOutcome> => {
      try {
        const answer = await run();
        setView((current) =>
          current && { ...current, list: current.list.map((row) => (row.id === answer.application.id ? answer.application : row)) },
        );
        return { ok: true, review: answer };
      } catch (error) {
        return { ok: false, message: failureMessage(error, onForbidden) };
      }
    },
    [onForbidden],
  );

  return {
    state,
    page,
    view,
    loadError,
    reload,
    showState,
    setPage,
    approve: (id: number) => review(() => api.approveApplication(id)),
    reject: (id: number, reason: string) => review(() => api.rejectApplication(id, reason)),
  };
}
