import type { RemoteWidgetDefinition } from '@sports/shared';

/** Pieces of mf-community that other pages compose; exposed as `mf_community/widgets`. */
export const widgets: RemoteWidgetDefinition[] = [
  { id: 'headlines', load: () => import(/* webpackChunkName: "widget-headlines" */ './widgets/HeadlinesWidget') },
];
