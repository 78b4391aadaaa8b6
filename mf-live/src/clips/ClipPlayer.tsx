import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { Button, type ApiClient } from '@sports/shared';
import { LIVE_PATHS } from '../api/liveApi';
import { clipCopy } from './clipCopy';
import { VideoFrame } from './mediaPageUi';


const Gone = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 8px;
  width: 100%;
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * Whether a clip is still there, asked quietly (no toast: a missing clip is an answer here):
 * 'gone' when the server answers it no longer exists, 'unknown' when it could not be asked.
 */
export async function clipStillThere(api: ApiClient, clipId: number): Promise<'there' | 'gone' | 'unknown'> {
  try {
    const answer = await api.envelope<unknown>({ method: 'GET', url: LIVE_PATHS.clipInfo, params: { id: clipId } });
    return answer.code === 200 ? 'there' : 'gone';
  } catch {
    return 'unknown';
  }
}

export interface ClipPlayerProps {
  /** The MP4 (faststart) and its thumbnail. */
  src: string;
  poster: string | null;
  title: string;
  /** Known deleted (the page deleted it, or was told so): the note instead of the video. */
  deleted?: boolean;
  /** Asked when the video fails (a clip deleted while it plays answers 404 to the next range request). */
  check?: () => Promise<'there' | 'gone' | 'unknown'>;
  autoPlay?: boolean;
}

type Trouble = null | 'deleted' | 'unavailable';

/**
 * One clip: a `<video>` with the browser's controls, inline on a phone, only its metadata fetched
 * until played, the thumbnail as poster. A clip deleted while it plays shows 该回放已删除 (the
 * video fails, `check` says it is gone) instead of a broken player; another failure offers 重试.
 */
export function ClipPlayer({ src, poster, title, deleted = false, check, autoPlay = false }: ClipPlayerProps) {
  const [trouble, setTrouble] = useState<Trouble>(null);
  const [attempt, setAttempt] = useState(0);
  const onError = useCallback(async () => {
    const verdict = check ? await check() : 'gone';
    setTrouble(verdict === 'gone' ? 'deleted' : 'unavailable');
  }, [check]);

  if (deleted || trouble === 'deleted') {
    return (
      <Gone role="status" data-testid="clip-deleted">
        {clipCopy.deleted}
      </Gone>
    );
  }
  if (trouble === 'unavailable') {
    return (
      <Gone role="alert" data-testid="clip-unavailable">
        <span>{clipCopy.unavailable}</span>
        <Button
          size="small"
          onClick={() => {
            setTrouble(null);
            setAttempt((current) => current + 1);
          }}
        >
          {clipCopy.retry}
        </Button>
      </Gone>
    );
  }
  return (
    <VideoFrame>
      <video
        key={attempt}
        data-testid="clip-player"
        src={src}
        poster={poster ?? undefined}
        controls
        playsInline
        preload="metadata"
        autoPlay={autoPlay}
        aria-label={clipCopy.player(title)}
        onError={() => void onError()}
      />
    </VideoFrame>
  );
}
