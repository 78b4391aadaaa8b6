import { useState } from 'react';
import { Button, requireLogin, type LiveRoomInfo, type RemoteContext } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { roomCopy } from '../messages';

const FOLLOW_TOAST_MS = 2_000;

export interface FollowButtonProps {
  context: RemoteContext;
  room: LiveRoomInfo;
  onChange: (changes: Pick<LiveRoomInfo, 'is_attention' | 'anchor'>) => void;
}

/**
 * Follow / unfollow the room's anchor (`POST api/Member/attention`). Visitors get 请登录后操作
 * and the login modal, as every protected action.
 */
export function FollowButton({ context, room, onChange }: FollowButtonProps) {
  const [pending, setPending] = useState(false);
  const following = room.is_attention === 1;

  const toggle = async () => {
    if (pending || !requireLogin(context)) return;
    setPending(true);
    try {
      const result = await liveApi(context.api).attention({ anchor_id: room.anchor.anchor_id, attention: following ? 0 : 1 });
      onChange({ is_attention: result.is_attention, anchor: { ...room.anchor, fans: result.fans } });
      context.eventBus.emit('toast', { kind: 'success', message: result.is_attention === 1 ? roomCopy.followed : roomCopy.unfollowed, durationMs: FOLLOW_TOAST_MS });
    } catch {
      // The API client has shown why (SPEC.md section 8); the button stays as it was.
    } finally {
      setPending(false);
    }
  };

  return (
    <Button variant="primary" data-testid="follow-button" aria-pressed={following} disabled={pending} onClick={toggle}>
      {following ? roomCopy.following : roomCopy.follow}
    </Button>
  );
}
