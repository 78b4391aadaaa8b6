import { useEffect, useRef } from 'react';
import { shellRedirectFor, type SiteShell } from '../siteShell';

export type RedirectToOtherShell = (url: string) => void;

function replaceLocation(url: string): void {
  window.location.replace(url);
}

/**
 * Keeps the page on the shell its width belongs on, at the same hash route (SPEC.md section 2):
 * on the desktop shell a body of 500 px or less goes to /h5/#/…, on the mobile shell a wider one
 * to /web/#/…; once the shell has painted, and on every resize. main.js (index.ts) already sends
 * a page that starts on the wrong shell, before the app loads; this covers a window resized later.
 * `redirect` is injectable because jsdom cannot navigate.
 *
 * The first check waits for the first frame after mount (a timer set in the next animation frame,
 * so it runs once that frame is painted): reading the body's width forces a layout, and at mount
 * the page is still being built, so a read then laid the whole shell out once more (110 ms of a
 * phone's first load at Lighthouse's 4x CPU); after the frame the layout is done and the read
 * costs nothing.
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
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(check, 0);
    });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('resize', check);
    };
  }, [shell]);
}
