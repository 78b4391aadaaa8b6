import { useCallback, useEffect, useRef, useState } from 'react';
import type { AllMatchRequest, MatchRow, RemoteContext } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';

export const LIST_PAGE_SIZE = 50;

export type MatchListState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; rows: MatchRow[]; total: number; page: number };

/**
 * One schedule query (`POST api/hot_match/all_match`) with 'load more'. A new request (tab,
 * competition, date) starts again from page 1; answers to an older request are dropped.
 */
export function useMatchList(context: RemoteContext, request: AllMatchRequest | null) {
  const [state, setState] = useState<MatchListState>({ status: 'loading' });
  const key = request === null ? null : JSON.stringify(request);
  const generation = useRef(0);

  const fetchPage = useCallback(
    (page: number) => {
      if (key === null) return;
      const current = (generation.current += 1);
      if (page === 1) setState({ status: 'loading' });
      const base = JSON.parse(key) as AllMatchRequest;
      scoresApi(context.api)
        .allMatch({ ...base, page, page_size: LIST_PAGE_SIZE })
        .then((answer) => {
          if (current !== generation.current) return;
          setState((previous) => {
            const before = page > 1 && previous.status === 'ready' ? previous.rows : [];
            const seen = new Set(before.map((row) => row.match_id));
            return { status: 'ready', rows: [...before, ...answer.list.filter((row) => !seen.has(row.match_id))], total: answer.total, page };
          });
        })
        .catch(() => current === generation.current && page === 1 && setState({ status: 'failed' }));
    },
    [context.api, key],
  );

  useEffect(() => {
    fetchPage(1);
    return () => {
      generation.current += 1;
    };
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    if (state.status === 'ready') fetchPage(state.page + 1);
  }, [fetchPage, state]);

  return { state, loadMore, retry: () => fetchPage(1) };
}
