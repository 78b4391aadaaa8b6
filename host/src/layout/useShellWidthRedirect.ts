import { useEffect, useRef } from 'react';
import { shellRedirectFor, type SiteShell } from '../siteShell';

export type RedirectToOtherShell = (url: string) => void;

function replaceLocation(url: string): void {
  window.location.replace(url);
}

/**
 * Keeps the page on the shell its width belongs on, at the same hash route (SPEC.md section 2):
 * on the desktop shell a body of 500 px or less goes to /h5/#/…, on the mobile shell a wider one
 * to /web/#/…; on mount and on every resize. main.js (index.ts) already sends a page that starts
 * on the wrong shell, before the app loads; this covers a window resized later. `redirect` is
 * injectable because jsdom cannot navigate.
 */
export function useShellWidthRedirect(shell: SiteShell, redirect: RedirectToOtherShell = replaceLocation): void {
  const redirectRef = useRef(redirect);
  useEffect(() => {
    redirectRef.current = redirect;
  });

  useEffect(() => {
    const check = () => {
      const target = shellRedirectFor(shell, document.body.clientWidth, window.location.hash);
      if (target !== null) redirectRef.current(target);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [shell]);
}
