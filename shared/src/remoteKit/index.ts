export * from './Badge';
export * from './Button';
export * from './ChinaTime';
export * from './Field';
export * from './loadedComponent';
export * from './LoadView';
// The home page's goal-clips widget (mf-live) shows its clips with it.
export * from './MediaThumb';
export * from './PageLoading';
export * from './parseHashLocation';
export * from './RemotePageFrame';
export * from './RemoteRoot';
export * from './requireLogin';
export * from './RoutePageOutlet';
// Tabs stays in the root entry while host/src/ops/OpsPage.tsx imports it from there (issue 38).
export * from './Tabs';
export * from './TeamName';
export * from './useCountdown';
export * from './useLoad';
export * from './useMemberOnly';
export * from './WidgetPanel';
// Not here (issue 38): the kit's page-only parts are @sports/shared/pageKit (./pageKit.ts), the
// fan medals @sports/shared/fanMedals; the root entry exports their types alone.
export type * from './pageKit';
