import { useEffect, useRef, useState } from 'react';
import type { HotMatch } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { HOT_MATCHES_PATH, hotMatchNames } from './hotMatches';

/**
 * The hot match names for the search panel, fetched once, the first time the panel opens (most
 * visitors never open it). A failed fetch leaves the list empty; it is not retried.
 */
export function useHotMatches(panelOpen: boolean): string[] {
  const { api } = useHostServices();
  const [names, setNames] = useState<string[]>([]);
  const requested = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!panelOpen || requested.current) return;
    requested.current = true;
    api
      .get<HotMatch[]>(HOT_MATCHES_PATH)
      .then((answer) => mounted.current && setNames(hotMatchNames(answer)))
      .catch(() => undefined);
  }, [panelOpen, api]);

  return names;
}
