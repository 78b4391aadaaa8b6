import type { ClipKind } from '@sports/shared';

/** The goal popups' words for clips (issue 34): 看回放 on a goal's popup, the short 进球回放 popup. */
export const goalClipCopy = {
  watch: '看回放',
  watchLabel: (title: string) => `看回放：${title}`,
  titles: { goal: '进球回放', penalty: '点球回放' } as Partial<Record<ClipKind, string>>,
  close: (title: string) => `关闭回放提示：${title}`,
} as const;

/** The kinds a clip popup is offered for (goals: the alerts are goal alerts). */
export const GOAL_CLIP_KINDS: readonly ClipKind[] = ['goal', 'penalty'];

/** mf-live's clip page (the host links to routes, never imports a remote). */
export function clipPageHref(clipId: number): string {
  return `#/clip?id=${clipId}`;
}
