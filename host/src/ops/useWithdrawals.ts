import { useCallback, useEffect, useRef, useState } from 'react';
import type { OpsWithdrawal, WithdrawalReview, WithdrawalState } from '@sports/shared';
import type { OpsApi } from './opsApi';
import { failureMessage } from './opsFailure';

export interface WithdrawalsView {
  list: OpsWithdrawal[];
  cursor: string | null;
}

export type WithdrawalOutcome = { ok: true; review: WithdrawalReview } | { ok: false; message: string };

/**
 * The withdrawal review queue: one state's withdrawals (pending oldest first), more by cursor,
 * and approving / rejecting one. A reviewed row is updated in place from the server's answer
 * (its new state, reviewer and time show until the list is reloaded); a refusal (reviewed
 * meanwhile) is answered for the row to show. An answer for an older filter is dropped.
 */
export function useWithdrawals(api: OpsApi, onForbidden: () => void) {
  const [state, setState] = useState<WithdrawalState>('pending');
  const [view, setView] = useState<WithdrawalsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const current = (generation.current += 1);
    try {
      const answer = await api.withdrawals(state, null);
      if (current !== generation.current) return;
      setView({ list: answer.list, cursor: answer.next_cursor });
      setLoadError(null);
    } catch (error) {
      if (current === generation.current) setLoadError(failureMessage(error, onForbidden));
    }
  }, [api, state, onForbidden]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const loadMore = useCallback(async () => {
    if (!view || view.cursor === null) return;
    const current = generation.current;
    try {
      const answer = await api.withdrawals(state, view.cursor);
      if (current !== generation.current) return;
      setView((now) => now && { list: [...now.list, ...answer.list], cursor: answer.next_cursor });
    } catch (error) {
      if (current === generation.current) setLoadError(failureMessage(error, onForbidden));
    }
  }, [api, state, view, onForbidden]);

  const showState = useCallback((next: WithdrawalState) => {
    generation.current += 1;
    setView(null);
    setState(next);
  }, []);

  const review = useCallback(
    async (run: () => Promise<WithdrawalReview>): Promise<WithdrawalOutcome> => {
      try {
        const answer = await run();
        setView((current) => current && { ...current, list: current.list.map((row) => (row.id === answer.withdrawal.id ? answer.withdrawal : row)) });
        return { ok: true, review: answer };
      } catch (error) {
        return { ok: false, message: failureMessage(error, onForbidden) };
      }
    },
    [onForbidden],
  );

  return {
    state,
    view,
    loadError,
    reload,
    loadMore,
    showState,
    approve: (id: number) => review(() => api.approveWithdrawal(id)),
    reject: (id: number, reason: string) => review(() => api.rejectWithdrawal(id, reason)),
  };
}
