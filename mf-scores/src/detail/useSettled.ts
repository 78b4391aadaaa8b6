import { useEffect } from 'react';

/** Calls `onSettled` once a load is no longer loading (loaded, empty or failed). */
export function useSettled(status: 'loading' | 'ready' | 'failed', onSettled: (() => void) | undefined): void {
  useEffect(() => {
    if (status !== 'loading') onSettled?.();
  }, [status, onSettled]);
}
