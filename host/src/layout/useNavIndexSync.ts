import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { navIndexAtom } from '@sports/shared';

/** Remembers the page's nav index; pages without one leave the last index as it was. */
export function useNavIndexSync(navIndex: number | null): void {
  const setNavIndex = useSetAtom(navIndexAtom);
  useEffect(() => {
    if (navIndex === null) return;
    setNavIndex(navIndex);
  }, [navIndex, setNavIndex]);
}
