import type { RemoteWidgetDefinition } from '@sports/shared';

/** Pieces of mf-live that other pages compose; exposed as `mf_live/widgets`. */
export const widgets: RemoteWidgetDefinition[] = [
  { id: 'forYou', load: () => import(/* webpackChunkName: "widget-forYou" */ './widgets/ForYouWidget') },
  { id: 'liveRecommend', load: () => import(/* webpackChunkName: "widget-liveRecommend" */ './widgets/LiveRecommendWidget') },
  { id: 'goalClips', load: () => import(/* webpackChunkName: "widget-goalClips" */ './widgets/GoalClipsWidget') },
];
