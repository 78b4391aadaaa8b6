import { useCallback, useEffect, useState } from 'react';
import type { ModerationAction, ModerationActionBody, ModerationReportGroup, ReportState, SensitiveWordList } from '@sports/shared';
import type { OpsApi } from './opsApi';
import { failureMessage } from './opsFailure';

/** The word list, and adding / removing words (then reloading). Outcomes: a message, or an error. */
export function useSensitiveWords(api: OpsApi, onForbidden: () => void) {
  const [list, setList] = useState<SensitiveWordList | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setList(await api.sensitiveWords());
      setLoadError(null);
    } catch (error) {
      setLoadError(failureMessage(error, onForbidden));
    }
  }, [api, onForbidden]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const change = useCallback(
    async (change: { add?: string[]; remove?: string[] }) => {
      try {
        const result = await api.changeSensitiveWords(change);
        await reload();
        return { ok: true as const, result };
      } catch (error) {
        return { ok: false as const, error: failureMessage(error, onForbidden) };
      }
    },
    [api, onForbidden, reload],
  );

  return { list, loadError, reload, change };
}

/** The report queue in one state, grouped by target, by keyset cursor; an action reloads it. */
export function useModerationQueue(api: OpsApi, onForbidden: () => void) {
  const [state, setState] = useState<ReportState>('open');
  const [groups, setGroups] = useState<ModerationReportGroup[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(
    async (which: ReportState) => {
      try {
        const page = await api.moderationReports(which, null);
        setGroups(page.list);
        setNextCursor(page.next_cursor);
        setLoadError(null);
      } catch (error) {
        setLoadError(failureMessage(error, onForbidden));
      }
    },
    [api, onForbidden],
  );

  useEffect(() => {
    void load(state);
  }, [load, state]);

  const more = useCallback(async () => {
    if (nextCursor === null) return;
    try {
      const page = await api.moderationReports(state, nextCursor);
      setGroups((current) => [...(current ?? []), ...page.list]);
      setNextCursor(page.next_cursor);
    } catch (error) {
      setLoadError(failureMessage(error, onForbidden));
    }
  }, [api, onForbidden, nextCursor, state]);

  const act = useCallback(
    async (reportId: number, action: ModerationAction, body: ModerationActionBody) => {
      try {
        const result = await api.moderationAction(reportId, action, body);
        await load(state);
        return { ok: true as const, resolved: result.resolved_reports };
      } catch (error) {
        return { ok: false as const, error: failureMessage(error, onForbidden) };
      }
    },
    [api, onForbidden, load, state],
  );

  return { state, showState: (next: ReportState) => setState(next), groups, nextCursor, loadError, reload: () => load(state), more, act };
}
