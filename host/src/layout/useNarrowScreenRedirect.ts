import { useEffect, useRef } from 'react';
import { NARROW_SCREEN_MAX_WIDTH_PX } from '@sports/shared';

export const MOBILE_SITE_URL = '/h5';

export type RedirectToMobileSite = (url: string) => void;

function replaceLocation(url: string): void {
  window.location.replace(url);
}

function isNarrowScreen(): boolean {
  const width = document.body.clientWidth;
  // 0 means the body has not been laid out (a hidden frame, a DOM without layout), not a phone.
  return width > 0 && width <= NARROW_SCREEN_MAX_WIDTH_PX;
}

/**
 * Sends phones to the mobile site: body width of 500 px or less, on mount and on every resize
 * (SPEC.md section 2). `redirect` is injectable because jsdom cannot navigate.
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
