import { useAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { danmakuSystemAtom, type DanmakuSetting } from '@sports/shared';
import { normalizeDanmakuSetting } from './danmakuLevels';

/** The saved danmakuSystem setting (SPEC.md section 3), made safe, and its setter. */
export function useDanmakuSetting(): [DanmakuSetting, (setting: DanmakuSetting) => void] {
  const [saved, save] = useAtom(danmakuSystemAtom);
  const setting = useMemo(() => normalizeDanmakuSetting(saved), [saved]);
  const update = useCallback((next: DanmakuSetting) => save(normalizeDanmakuSetting(next)), [save]);
  return [setting, update];
}
