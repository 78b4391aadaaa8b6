import { type ReadVar, parseInteger } from '../infra/config/envVars';

/** Clips' part of the configuration (server/README.md "Clips"). */
export interface ClipsConfig {
  /** CLIP_RETENTION_DAYS: clips' files are removed this many days after they were cut (default 30). */
  retentionDays: number;
  /** GOAL_CLIP_RETENTION_DAYS: goal and penalty clips are kept this long instead (default 365). */
  goalRetentionDays: number;
  /** CLIP_PERSON_PER_USER_PER_HOUR: 剪辑 a member may make an hour (default 10). */
  personPerUserPerHour: number;
  /** CLIP_PERSON_PER_ROOM_PER_MINUTE: person clips of one room a minute, whoever makes them (default 6). */
  personPerRoomPerMinute: number;
  /** CLIP_MIN_FREE_MB: below this much free disk a clip fails as a full disk (default 200). */
  minFreeMb: number;
  /** CLIP_FEED: 1 (default) the feed's node cuts clips of feed events; 0 off. */
  feedClips: boolean;
}

export function defaultClipsConfig(): ClipsConfig {
  return { retentionDays: 30, goalRetentionDays: 365, personPerUserPerHour: 10, personPerRoomPerMinute: 6, minFreeMb: 200, feedClips: true };
}

export function loadClipsConfig(read: ReadVar, problems: string[]): ClipsConfig {
  const defaults = defaultClipsConfig();
  const int = (name: string, fallback: number, min: number, max: number) => parseInteger(name, read(name), { fallback, min, max }, problems);
  const feed = read('CLIP_FEED');
  if (feed !== undefined && feed !== '0' && feed !== '1') problems.push(`CLIP_FEED must be 0 or 1, got "${feed}"`);
  return {
    retentionDays: int('CLIP_RETENTION_DAYS', defaults.retentionDays, 1, 3650),
    goalRetentionDays: int('GOAL_CLIP_RETENTION_DAYS', defaults.goalRetentionDays, 1, 3650),
    personPerUserPerHour: int('CLIP_PERSON_PER_USER_PER_HOUR', defaults.personPerUserPerHour, 1, 1000),
    personPerRoomPerMinute: int('CLIP_PERSON_PER_ROOM_PER_MINUTE', defaults.personPerRoomPerMinute, 1, 1000),
    minFreeMb: int('CLIP_MIN_FREE_MB', defaults.minFreeMb, 0, 1_000_000),
    feedClips: feed !== '0',
  };
}
