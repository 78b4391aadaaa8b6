import type { ChatActivity } from '../chat/index';
import type { FanMedalAwards, MedalPair, MedalProgress } from './fanMedalAwards';

/**
 * Watch time into intimacy, counted on the server from the chat presence (as the levels count
 * minutes watched, chat/chatWatchTime.ts): every tick (FAN_MEDAL_WATCH_TICK_SECONDS, 10 minutes
 * by default; fanMedalsPlugin.ts runs it as a PeriodicTask) each signed-in member in the chat group
 * of an open room earns +1 with its anchor, if they have the anchor's medal, under the day's cap.
 * A page that is not open in the room (no socket in its group) earns nothing; the award keeps one
 * tick a tick per pair across nodes and tabs.
 */
export async function countWatchTick(
  activity: Pick<ChatActivity, 'watchingByRoom'>,
  awards: Pick<FanMedalAwards, 'watched'>,
  now: Date,
  onProgress: (progress: MedalProgress[]) => void,
): Promise<void> {
  const pairs: MedalPair[] = (await activity.watchingByRoom()).flatMap((room) => room.memberIds.map((memberId) => ({ memberId, anchorId: room.anchorId })));
  if (pairs.length > 0) onProgress(await awards.watched(pairs, now));
}
