import { useEffect, useState } from 'react';
import { HEADER_HIDE_SCROLL_PX } from '@sports/shared';

function isScrolledPast(): boolean {
  return window.scrollY > HEADER_HIDE_SCROLL_PX;
}

/**
 * True while the page is scrolled beyond 60 px on a route that hides its header (SPEC.md
 * section 2: main, football, basketball); always false elsewhere.
 */
export function useHeaderHidden(hidesOnScroll: boolean): boolean {
  const [scrolledPast, setScrolledPast] = useState(isScrolledPast);

  useEffect(() => {
    if (!hidesOnScroll) return;
    const onScroll = () => setScrolledPast(isScrolledPast());
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [hidesOnScroll]);

  return hidesOnScroll && scrolledPast;
}
