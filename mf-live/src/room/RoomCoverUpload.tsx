import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import type { LiveRoomInfo, RemoteContext } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { roomSettingsCopy as copy } from '../messages';
import { safeImage } from '../ui/RoomCard';
import { ConsoleError, ConsoleForm, ConsoleNote, TOAST_MS } from './ownerConsoleUi';

/** What the upload endpoint stores (server/src/uploads: type by magic bytes, 2 MB); the token repeats it. */
export const COVER_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const COVER_MAX_BYTES = 2 * 1024 * 1024;
const MB = 1024 * 1024;

const Preview = styled.figure`
  margin: 8px 0 0;

  img {
    display: block;
    width: 240px;
    max-width: 100%;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
  }
  figcaption {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

/** A refusal found before the server is asked. */
class CoverRefused extends Error {}

/** Refuses a file the server would refuse: not one of the image types, or too big. */
function refusalOf(file: File, types: readonly string[], maxBytes: number): string | null {
  if (!types.includes(file.type)) return copy.notImage;
  if (file.size > maxBytes) return copy.tooBig(Math.floor(maxBytes / MB));
  return null;
}

export interface RoomCoverUploadProps {
  context: RemoteContext;
  roomId: number;
  cover: string;
  onChanged: (changes: Partial<LiveRoomInfo>) => void;
}

/**
 * The room's cover: a preview of the current one and an image upload
 * (`POST api/Member/getQiniuToken` → multipart `POST api/upload` → `updateLive?cover=`). Files the
 * server would refuse (not an image, too big) are refused here first with a message; the server
 * decides anyway (it reads the type from the bytes).
 */
export function RoomCoverUpload({ context, roomId, cover, onChanged }: RoomCoverUploadProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const headingId = useId();
  const preview = safeImage(cover);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file || busy) return;
    setError(null);
    const early = refusalOf(file, COVER_TYPES, COVER_MAX_BYTES);
    if (early !== null) {
      setError(early);
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      const api = liveApi(context.api);
      const token = await api.uploadToken();
      // The token states the server's limits: they win over ours if they differ.
      const refusal = refusalOf(file, token.allowedTypes.length > 0 ? token.allowedTypes : COVER_TYPES, token.maxBytes);
      if (refusal !== null) throw new CoverRefused(refusal);
      const stored = await api.upload(token, file);
      const room = await api.updateLive({ room_id: roomId, cover: stored.url });
      onChanged({ cover: room.cover });
      context.eventBus.emit('toast', { kind: 'success', message: copy.saved, durationMs: TOAST_MS });
    } catch (refusal) {
      // Server refusals are shown by the API client; ours here.
      if (refusal instanceof CoverRefused) setError(refusal.message);
    } finally {
      setBusy(false);
      input.value = '';
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.coverHeading}</h3>
      <Preview data-testid="cover-preview">
        {preview ? <img src={preview} alt={copy.currentCover} /> : null}
        <figcaption>{preview ? copy.currentCover : copy.noCover}</figcaption>
      </Preview>
      <ConsoleForm onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId}>{copy.upload}</label>
        <input
          id={inputId}
          type="file"
          data-testid="cover-input"
          accept={COVER_TYPES.join(',')}
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) => void upload(event)}
        />
        {busy && <span role="status">{copy.uploading}</span>}
      </ConsoleForm>
      <ConsoleNote id={hintId}>{copy.hint(COVER_MAX_BYTES / MB)}</ConsoleNote>
      {error !== null && (
        <ConsoleError role="alert" data-testid="cover-error">
          {error}
        </ConsoleError>
      )}
    </section>
  );
}
