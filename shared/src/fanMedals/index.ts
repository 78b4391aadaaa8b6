// @sports/shared/fanMedals (issue 38): fan medals in the page — the level bands and colours, the
// badge and a room's fans list. A page singleton of its own, outside the root entry: the root is
// loaded whole on every first visit and the home page shows no medal, so a live room or a
// profile loads this when it imports it. Its kit parts come from '@sports/shared' by name.
export * from './fanMedalLevels';
export * from './FanMedalBadge';
export * from './FanMedalFansList';
