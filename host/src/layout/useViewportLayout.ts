import { useEffect, useState } from 'react';
import { MOBILE_LAYOUT_MAX_WIDTH_PX } from '@sports/shared';

export type ViewportLayout = 'mobile' | 'desktop';

function currentLayout(): ViewportLayout {
  return window.innerWidth <= MOBILE_LAYOUT_MAX_WIDTH_PX ? 'mobile' : 'desktop';
}

/** A viewport of 992 px or less uses the mobile layout (SPEC.md section 9); follows resizes. */
export function useViewportLayout(): ViewportLayout {
  const [layout, setLayout] = useState(currentLayout);

  useEffect(() => {
    const onResize = () => setLayout(currentLayout());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return layout;
}
