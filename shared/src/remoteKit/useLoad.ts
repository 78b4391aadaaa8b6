import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export type LoadState<Data> = { status: 'loading' } | { status: 'ready'; data: Data } | { status: 'failed' };

/**
 * Loads `load()` when the key changes; an answer for an older key is dropped. `reload` runs it
 * again and keeps showing the current data while it does (live refreshes do not flash 'loading').
 * The answer is rendered as a transition: React renders a list of 50 rows in slices of a few ms,
 * so a phone's main thread stays free for taps and scrolling meanwhile (issue 17: the blocking
 * time Lighthouse measured was React rendering the data of the page's widgets in one task each).
 */
export function useLoad<Data>(key: string | null, load: () => Promise<Data>) {
  const [state, setState] = useState<LoadState<Data>>({ status: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);

  const run = useCallback((quiet: boolean) => {
    const current = (generation.current += 1);
    if (!quiet) setState({ status: 'loading' });
    loadRef
      .current()
      .then((data) => current === generation.current && startTransition(() => setState({ status: 'ready', data })))
      .catch(() => current === generation.current && !quiet && setState({ status: 'failed' }));
  }, []);

  useEffect(() => {
    if (key === null) return;
    run(false);
    return () => {
      generation.current += 1;
    };
  }, [key, run]);

  const reload = useCallback(() => run(true), [run]);
  const retry = useCallback(() => run(false), [run]);
  return { state, reload, retry, setState };
}

/** Calls `reload` whenever `signature` changes after the first render (the first load is useLoad's). */
export function useReloadOn(signature: string, reload: () => void): void {
  const previous = useRef(signature);
  useEffect(() => {
    if (previous.current === signature) return;
    previous.current = signature;
    reload();
  }, [signature, reload]);
}
