// The cursor-list hook lives in @sports/shared (remoteKit/useCursorList.ts); this re-export keeps
// older imports (search/SearchPage.tsx) working until they import it from @sports/shared.
export { type CursorListState, type CursorPage, useCursorList } from '@sports/shared';
