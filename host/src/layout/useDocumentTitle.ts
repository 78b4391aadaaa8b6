import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { systemConfigAtom } from '@sports/shared';

/** document.title = route title + the site's title suffix; the bare title until the config loads. */
export function useDocumentTitle(title: string): void {
  const systemConfig = useAtomValue(systemConfigAtom);
  const suffix = systemConfig?.siteTitleSuffix ?? '';
  useEffect(() => {
    document.title = title + suffix;
  }, [title, suffix]);
}
