import type { RemoteWidgetDefinition } from '@sports/shared';

/** Pieces of mf-scores that other pages compose; exposed as `mf_scores/widgets`. */
export const widgets: RemoteWidgetDefinition[] = [
  { id: 'hotMatches', load: () => import(/* webpackChunkName: "widget-hotMatches" */ './widgets/HotMatchesWidget') },
];
