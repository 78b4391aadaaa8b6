export * from './server';
export * from './api/createApiClient';
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
// The chat clients and contract (issue 5).
export * from './chat/index';
export * from './spoilerFree/index';
