import { useEffect, useMemo, useRef, useState } from 'react';
import { createEventBus, pageClock, useSpoilerFreeHold, type ChatGroupMessage, type HoldClock, type PlatformEventBus } from '@sports/shared';
import { clipOf } from './ClipChatCard';

/**
 * The chat's lines as this viewer may see them, spoiler-free (host/src/goals/README.md): a clip
 * card of a match the page's player is delayed on is held until the picture has reached the
 * moment the card arrived (`SpoilerFreeHold`); other lines, and cards of matches no player on the
 * page shows, pass at once. Without a bus (no hold asked for) every line passes.
 */
export function useHeldClipCards(messages: readonly ChatGroupMessage[], bus: PlatformEventBus | undefined, clock: HoldClock = pageClock): readonly ChatGroupMessage[] {
  const hold = useSpoilerFreeHold(bus ?? NO_BUS, clock);
  const [released, setReleased] = useState<ReadonlySet<string>>(() => new Set());
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!bus) return;
    for (const message of messages) {
      const clip = clipOf(message);
      if (clip === null || clip.matchId === null || asked.current.has(message.id)) continue;
      asked.current.add(message.id);
      hold.hold(clip.matchId, () => setReleased((current) => new Set(current).add(message.id)));
    }
  }, [bus, hold, messages]);
  return useMemo(() => {
    if (!bus) return messages;
    return messages.filter((message) => {
      const clip = clipOf(message);
      return clip === null || clip.matchId === null || released.has(message.id);
    });
  }, [bus, messages, released]);
}

/** A bus that never speaks, for the hook's unconditional call when no hold is asked for. */
const NO_BUS: PlatformEventBus = createEventBus();
