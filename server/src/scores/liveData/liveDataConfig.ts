import { type ReadVar, parseInteger } from '../../infra/config/envVars';
import { type ControlFrameLimits, DEFAULT_CONTROL_FRAME_LIMITS } from './controlFrameBudget';

/**
 * The real client's handshake is 8 control frames (register, toggle, a resume per stream,
 * classify): a smaller burst would close every reconnecting page.
 */
export const MIN_CONTROL_BURST = 10;

/** LIVE_DATA_CONTROL_BURST and LIVE_DATA_CONTROL_PER_MINUTE: the control frame budget of one live-data connection. */
export function loadControlFrameLimits(read: ReadVar, problems: string[]): ControlFrameLimits {
  return {
    burst: parseInteger('LIVE_DATA_CONTROL_BURST', read('LIVE_DATA_CONTROL_BURST'), { fallback: DEFAULT_CONTROL_FRAME_LIMITS.burst, min: MIN_CONTROL_BURST, max: 10_000 }, problems),
    perMinute: parseInteger('LIVE_DATA_CONTROL_PER_MINUTE', read('LIVE_DATA_CONTROL_PER_MINUTE'), { fallback: DEFAULT_CONTROL_FRAME_LIMITS.perMinute, min: 1, max: 60_000 }, problems),
  };
}
