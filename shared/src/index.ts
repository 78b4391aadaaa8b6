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
export * from './fanMedals/fanMedalLevels';
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
// Follows of teams, leagues and players (issue 39): the star, the ids, the API.
export * from './follows/index';
// The chat clients and contract (issue 5).
export * from './chat/index';
export * from './spoilerFree/index';
// The match centre (issue 36): lineups, momentum, shot maps, ratings, box scores, their deltas.
export * from './matchCentre/index';
export * from './time/chinaTime';
export * from './tasks/nextTask';
