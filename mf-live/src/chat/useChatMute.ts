import { useCallback, useEffect, useState } from 'react';
import type { ChatSendRefusal, LiveRoomInfo } from '@sports/shared';

/** The viewer's mute in this room, as the message box shows it. */
export interface ChatMute {
  muted: boolean;
  /** ISO 8601: when a timed mute ends; null when muted until lifted (or not muted). */
  until: string | null;
}

export interface ChatMuteControl {
  mute: ChatMute;
  /** A send was refused: `muted` switches to muted at once. */
  onSendRefused: (refusal: ChatSendRefusal) => void;
  /** A C2C system notice arrived. */
  onSystemNotice: () => void;
}

/**
 * Whether the viewer may talk in this room. Room info (`is_muted`, `muted_until`, polled by
 * useRoomInfo) is the truth, and each answer of it replaces what was learnt in between:
 * - a send refused as `muted` switches to muted at once (until lifted, as far as the chat says)
 *   and asks for room info, which tells until when;
 * - a C2C system notice asks for room info at once: a notice is text to one user, naming no room
 *   (a mute in another room reaches this one too), so this room's answer decides mute or unmute.
 */
export function useChatMute(info: Pick<LiveRoomInfo, 'is_muted' | 'muted_until'>, refresh: () => void): ChatMuteControl {
  const [refusedAsMuted, setRefusedAsMuted] = useState(false);
  // A new room info answer (poll, refresh) is newer than the refusal.
  useEffect(() => setRefusedAsMuted(false), [info]);

  const onSendRefused = useCallback(
    (refusal: ChatSendRefusal) => {
      if (refusal.code !== 'muted') return;
      setRefusedAsMuted(true);
      refresh();
    },
    [refresh],
  );
  const onSystemNotice = useCallback(() => refresh(), [refresh]);

  const mute: ChatMute =
    info.is_muted === 1 ? { muted: true, until: info.muted_until } : { muted: refusedAsMuted, until: null };
  return { mute, onSendRefused, onSystemNotice };
}
