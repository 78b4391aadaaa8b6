import { useCallback, useEffect, useState } from 'react';
import type { Activity, SaveActivityRequest } from '@sports/shared';
import type { OpsApi } from './opsApi';
import { failureMessage } from './opsFailure';

/** What a change answers: null when done, else the message to show. */
export type ChangeOutcome = string | null;

/** Every banner a page at a time, and saving (create / update) or deleting one, then reloading. */
export function useActivityBanners(api: OpsApi, onForbidden: () => void) {
  const [page, setPage] = useState(1);
  const [view, setView] = useState<{ list: Activity[]; total: number } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const answer = await api.activities(page);
      setView({ list: answer.list, total: answer.total });
      setLoadError(null);
    } catch (error) {
      setLoadError(failureMessage(error, onForbidden));
    }
  }, [api, page, onForbidden]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const change = useCallback(
    async (run: () => Promise<unknown>): Promise<ChangeOutcome> => {
      try {
        await run();
      } catch (error) {
        return failureMessage(error, onForbidden);
      }
      await reload();
      return null;
    },
    [onForbidden, reload],
  );

  return {
    page,
    setPage,
    view,
    loadError,
    reload,
    save: (request: SaveActivityRequest) => change(() => api.saveActivity(request)),
    remove: (id: number) => change(() => api.deleteActivity(id)),
  };
}
