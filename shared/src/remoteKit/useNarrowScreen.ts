import { useSyncExternalStore } from 'react';
// By name: the root entry's theme (this file is in @sports/shared/pageKit, another singleton).
import { theme } from '@sports/shared';

/** The phone layout's query: the /h5 site and any screen as narrow (theme.breakpoints.narrow). */
export const NARROW_SCREEN_QUERY = `(max-width: ${theme.breakpoints.narrow}px)`;

function queryList(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether a media query matches now, following its changes (false where there is no matchMedia: jsdom, the server). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = queryList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => queryList(query)?.matches ?? false,
    () => false,
  );
}

/** Whether the page is laid out for a phone: a popover opens as a bottom sheet there. */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN_QUERY);
}
