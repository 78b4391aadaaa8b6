import { useEffect, useRef } from 'react';
import { MOBILE_SITE_URL, isNarrowScreen } from '../narrowScreen';

export type RedirectToMobileSite = (url: string) => void;

function replaceLocation(url: string): void {
  window.location.replace(url);
}

/**
 * Sends phones to the mobile site: body width of 500 px or less, on mount and on every resize
 * (SPEC.md section 2). main.js (index.ts) already sends a page that starts narrow, before the
 * app loads; this covers a window narrowed later. `redirect` is injectable because jsdom cannot navigate.
 */
export function useNarrowScreenRedirect(redirect: RedirectToMobileSite = replaceLocation): void {
  const redirectRef = useRef(redirect);
  useEffect(() => {
    redirectRef.current = redirect;
  });

  useEffect(() => {
    const check = () => {
      if (isNarrowScreen()) redirectRef.current(MOBILE_SITE_URL);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);
}
