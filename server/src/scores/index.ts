// The scores domain's surface: what app.ts and other domains may import (never a file behind it).
export { type ScoresPluginOptions, scoresPlugin } from './scoresPlugin';
export type { LiveOptions } from './feed/liveSetup';
export type { LiveFeed } from './feed/liveFeed';
export type { MatchFinished, MatchResults } from './feed/matchResults';
export type { StandingLine } from './feed/matchFeed';
export type { LiveDataHubOptions } from './liveData/liveDataHub';
export { matchRowsById } from './matchRows';
export { type LiveDataHub, goalAudience } from './liveData/liveDataHub';
export { basketballClock, footballMinute, periodName } from './matchStr';
export { LEAD_CHANGE_LAST_SECONDS, lateLeadChange } from './leadChanges';
