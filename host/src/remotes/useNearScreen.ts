import { type RefObject, useEffect, useState } from 'react';
import { NEAR_SCREEN_MARGIN_PX } from '@sports/shared';

/**
 * Whether the element has come within NEAR_SCREEN_MARGIN_PX of the screen (once true, it stays
 * true): what a `loadNearScreen` widget waits for before it loads (WidgetMeta.loadNearScreen).
 * `waits` false: true at once. Without IntersectionObserver: true at once (the widget just loads).
 */
export function useNearScreen(ref: RefObject<Element | null>, waits: boolean): boolean {
  const [near, setNear] = useState(!waits || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: `0px 0px ${NEAR_SCREEN_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
