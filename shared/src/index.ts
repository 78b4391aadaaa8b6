// The browser entry of @sports/shared, the page singleton every page loads in full (shared
// modules are not tree-shaken). It carries no TypeBox: the request/answer schemas are the
// server's (`@sports/shared/server`, `@sports/shared/schemas`); the browser gets their types only
// (`export type`) and the few plain limits its forms show (`schemas/limits`). Checked by
// index.test.ts (no typebox in this entry's module graph).
export * from './api/apiError';
export * from './api/envelope';
export * from './api/limits';
export * from './api/responseCodes';
export * from './contract/remoteNames';
export * from './levels/levels';
export * from './messages/zhCN';
export type * from './schemas/index';
export * from './schemas/limits';
export * from './realtime/index';
export * from './api/createApiClient';
export * from './api/firstScreenData';
export * from './api/envelopeInterceptor';
export * from './events/eventBus';
export * from './contract/remoteContract';
export * from './contract/routeManifest';
export * from './store/createSportsStore';
export * from './store/persistedAtoms';
export * from './store/savedUser';
export * from './store/sessionAtoms';
export * from './store/chatAtoms';
export * from './theme/theme';
export * from './theme/styledTheme';
export * from './remoteKit/index';
// Subpath entries, each a page singleton of its own (issue 38): this entry is loaded whole on
// every first visit, and the home page's first screen uses none of these, so a page that does
// imports them by their subpath and loads them then. Here their types only (`export type`: a
// value import of them from the root is a type error, not a silent undefined at run time).
// Follows of teams, leagues and players (issue 39): the star, the ids, the API.
export type * from './follows/index';
// Fan medals (issue 35): levels, the badge, a room's fans list.
export type * from './fanMedals/index';
// The chat clients and contract (issue 5).
export * from './chat/index';
export * from './spoilerFree/index';
// The match centre (issue 36): lineups, momentum, shot maps, ratings, box scores, their deltas.
export type * from './matchCentre/index';
export * from './time/chinaTime';
export * from './tasks/nextTask';
