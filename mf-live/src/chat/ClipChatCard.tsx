import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Badge, Button, type ChatClipCard, type ChatGroupMessage } from '@sports/shared';
import { ClipPlayer } from '../clips/ClipPlayer';
import { CLIP_KIND_TITLES, clipCopy, clipHref } from '../clips/clipCopy';

/** The clip a system line announces (cloudCustomData.clip), or null for any other line. */
export function clipOf(message: ChatGroupMessage): ChatClipCard | null {
  return message.cloudCustomData.clip ?? null;
}

/** Only paths on this site are shown (the server writes /media/clips/…): no other origin, no javascript:. */
function sitePath(url: string): string | null {
  return url.startsWith('/') && !url.startsWith('//') ? url : null;
}

const Line = styled.li`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin: 4px 0;
`;

const CardButton = styled(Button)`
  display: flex;
  align-items: center;
  gap: 8px;
  width: 100%;
  padding: 4px;
  text-align: left;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};

  img {
    flex: none;
    width: 80px;
    height: 45px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.small};
    background: #000;
  }
  .text {
    display: flex;
    flex-direction: column;
    gap: 2px;
    min-width: 0;
  }
  .title {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  font-size: ${({ theme }) => theme.font.small};
  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

export interface ClipChatCardProps {
  message: ChatGroupMessage;
  clip: ChatClipCard;
  /** Asked when the video fails: is the clip still there (ClipPlayer's 该回放已删除)? */
  check?: (clipId: number) => Promise<'there' | 'gone' | 'unknown'>;
}

/**
 * A ready clip in the room's chat: 进球回放 (红牌回放, 点球回放, 精彩回放 by kind), the thumbnail and
 * the title; pressing it plays the clip in place (the ClipPlayer under the card), 收起 folds it.
 */
export function ClipChatCard({ message, clip, check }: ClipChatCardProps) {
  const [playing, setPlaying] = useState(false);
  // Focus follows the press: into the player on open, back to the card on 收起 (not on first render).
  const moved = useRef(false);
  const cardRef = useRef<HTMLButtonElement>(null);
  const playerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!moved.current) return;
    if (playing) playerRef.current?.querySelector<HTMLElement>('video')?.focus();
    else cardRef.current?.focus();
  }, [playing]);
  const toggle = (next: boolean) => {
    moved.current = true;
    setPlaying(next);
  };
  const kindTitle = CLIP_KIND_TITLES[clip.kind];
  const video = sitePath(clip.videoUrl);
  const thumb = sitePath(clip.thumbUrl);
  const playerId = `clip-card-player-${message.id}`;
  return (
    <Line data-testid="clip-card" data-clip-id={clip.clipId} data-kind="clip">
      {!playing ? (
        <CardButton variant="ghost" aria-label={clipCopy.card(kindTitle, clip.title)} ref={cardRef} aria-expanded={false} onClick={() => toggle(true)} disabled={video === null}>
          {thumb && <img src={thumb} alt="" loading="lazy" />}
          <span className="text">
            <Badge tone="live">{kindTitle}</Badge>
            <span className="title">{clip.title}</span>
          </span>
        </CardButton>
      ) : (
        <>
          <div id={playerId} ref={playerRef}>{video && <ClipPlayer src={video} poster={thumb} title={clip.title} autoPlay check={check ? () => check(clip.clipId) : undefined} />}</div>
          <Actions>
            <a href={clipHref(clip.clipId)}>{kindTitle}</a>
            <Button size="small" variant="ghost" aria-expanded aria-controls={playerId} onClick={() => toggle(false)}>
              {clipCopy.close}
            </Button>
          </Actions>
        </>
      )}
    </Line>
  );
}
