// The moderation domain's surface: the plugin, the port's types, the filter's normalisation.
export { type ModerationPluginOptions, moderationPlugin } from './moderationPlugin';
export {
  MODERATION_TARGET_KINDS,
  type ModerationPort,
  type ModerationSanctions,
  type ModerationTargetHandler,
  type ModerationTargetInfo,
  type ModerationTargetKind,
} from './moderationTypes';
export { type CheckResult, MAX_WORD_LENGTH, WordFilter, normalizeWord } from './wordFilter';
