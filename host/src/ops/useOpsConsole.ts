import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AuditEntry, RolloutState } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { createOpsApi, OpsForbiddenError, type OpsApi } from './opsApi';
import { forgetOpsToken, readOpsToken, saveOpsToken } from './opsToken';

const text = opsMessages.ops;

export interface OpsSnapshot {
  states: RolloutState[];
  audit: AuditEntry[];
}

export type RunOperation = (operation: (api: OpsApi) => Promise<void>) => Promise<string | null>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function snapshotFrom(api: OpsApi): Promise<OpsSnapshot> {
  const [states, audit] = await Promise.all([api.rollouts(), api.audit()]);
  return { states, audit };
}

/**
 * The ops page's state: the token (asked once, kept in sessionStorage), the rollouts and the
 * audit log, and running an operation (then reloading both). A refused token anywhere returns
 * the page to the token form saying 需要运维权限.
 */
export function useOpsConsole() {
  const [token, setToken] = useState<string | null>(readOpsToken);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [snapshot, setSnapshot] = useState<OpsSnapshot | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const api = useMemo(() => (token ? createOpsApi(token, text.forbidden) : null), [token]);

  const refuse = useCallback(() => {
    forgetOpsToken();
    setToken(null);
    setSnapshot(null);
    setTokenError(text.forbidden);
  }, []);

  const reload = useCallback(async () => {
    if (!api) return;
    try {
      setSnapshot(await snapshotFrom(api));
      setLoadError(null);
    } catch (error) {
      if (error instanceof OpsForbiddenError) refuse();
      else setLoadError(messageOf(error));
    }
  }, [api, refuse]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const signIn = useCallback(async (candidate: string) => {
    setChecking(true);
    try {
      const loaded = await snapshotFrom(createOpsApi(candidate, text.forbidden));
      saveOpsToken(candidate);
      setTokenError(null);
      setSnapshot(loaded);
      setToken(candidate);
    } catch (error) {
      setTokenError(error instanceof OpsForbiddenError ? text.forbidden : `${text.loadFailed}${messageOf(error)}`);
    } finally {
      setChecking(false);
    }
  }, []);

  const signOut = useCallback(() => {
    forgetOpsToken();
    setToken(null);
    setSnapshot(null);
    setTokenError(null);
  }, []);

  const run: RunOperation = useCallback(
    async (operation) => {
      if (!api) return text.forbidden;
      try {
        await operation(api);
      } catch (error) {
        if (error instanceof OpsForbiddenError) refuse();
        return messageOf(error);
      }
      await reload();
      return null;
    },
    [api, refuse, reload],
  );

  /** The API with the kept token (null when signed out), and what a refused token does: for the other sections. */
  return { signedIn: token !== null, tokenError, checking, snapshot, loadError, signIn, signOut, reload, run, api, refuse };
}
