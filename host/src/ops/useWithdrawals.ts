import { useCallback } from 'react';
import type { OpsWithdrawal, WithdrawalReview, WithdrawalState } from '@sports/shared';
import type { OpsApi } from './opsApi';
import { failureMessage } from './opsFailure';
import { type OpsListView, useOpsList } from './useOpsList';

export type WithdrawalsView = OpsListView<OpsWithdrawal, string>;

export type WithdrawalOutcome = { ok: true; review: WithdrawalReview } | { ok: false; message: string };

/**
 * The withdrawal review queue: one state's withdrawals (pending oldest first), more by cursor,
 * and approving / rejecting one. A reviewed row is updated in place from the server's answer
 * (its new state, reviewer and time show until the list is reloaded); a refusal (reviewed
 * meanwhile) is answered for the row to show. The list itself is useOpsList's (an answer for an
 * older filter is dropped).
 */
export function useWithdrawals(api: OpsApi, onForbidden: () => void) {
  const load = useCallback((state: WithdrawalState, cursor: string | null) => api.withdrawals(state, cursor), [api]);
  const { filter: state, view, setView, loadError, reload, loadMore, showFilter: showState } = useOpsList<WithdrawalState, OpsWithdrawal, string>(load, 'pending', onForbidden);

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
    [onForbidden, setView],
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
