import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An owner's action on a clip or replay (rename, hide, delete): `busy` while it runs, so its
 * buttons are disabled and a second press sends nothing. A refusal is already shown by the API
 * client (a toast), so `run` swallows it and answers `false`; `true` when the action finished.
 * The page may be gone when the action ends (a deleted clip navigates away): no state is set then.
 */
export function useBusyAction(): { busy: boolean; run: (action: () => Promise<void>) => Promise<boolean> } {
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch {
      return false;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);
  return { busy, run };
}
