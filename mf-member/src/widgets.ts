import type { RemoteWidgetDefinition } from '@sports/shared';

/** Pieces of mf-member that other pages compose; exposed as `mf_member/widgets` (none yet). */
export const widgets: RemoteWidgetDefinition[] = [];
