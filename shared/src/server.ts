/**
 * The browser-free part of @sports/shared: what the server may import (no React, no DOM).
 */
export * from './api/apiError';
export * from './api/envelope';
export * from './api/limits';
export * from './api/responseCodes';
export * from './api/firstScreenData';
export * from './contract/remoteNames';
export * from './contract/routeManifest';
// The one rule for comparing route paths (the host's router and the control plane's checks).
export * from './contract/routePaths';
export * from './levels/levels';
export * from './fanMedals/fanMedalLevels';
// China time, the one formatter of every time a user reads (time/README.md); the server's texts too.
export * from './time/chinaTime';
export * from './messages/zhCN';
export * from './schemas/index';
export * from './realtime/index';
// The match centre (issue 36): its schemas (for the routes and /api/docs) and its plain code.
export * from './matchCentre/types';
export * from './matchCentre/geometry';
export * from './matchCentre/matchCentreDelta';
// The theme's values (plain data): the mobile site's web app manifest and icons use its colours.
export * from './theme/theme';
// The chat contract and wire protocol only (not the browser clients of chat/index).
export * from './chat/chatClient';
export * from './chat/protocol';
