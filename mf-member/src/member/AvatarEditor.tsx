import { useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Button, Field, LoadView, useLoad, type UserProfile } from '@sports/shared';
import type { MemberApi } from '../api/memberApi';
import { profileCopy } from '../messages';
import { ErrorText, Notice } from '../ui/Form';
import { safeImage } from '../ui/format';
import { refusalMessage } from './errors';

/** What the server takes (server/README.md: 2 MiB; PNG, JPEG, WebP, GIF); the upload token says it again. */
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The presets: a list of avatars, each a toggle button (the current one pressed). */
const Choices = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0 0 12px;
  padding: 0;
  list-style: none;

  img {
    display: block;
    width: 48px;
    height: 48px;
    border-radius: 50%;
  }
`;

/** An avatar's button: a ring around the image, brand-dark when it is the current one. */
const ChoiceButton = styled(Button)`
  && {
    padding: 2px;
    border: 2px solid transparent;
    border-radius: 50%;
    background: none;
  }
  &&[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.brandDark};
    background: none;
  }
`;

export interface AvatarEditorProps {
  api: MemberApi;
  current: string;
  onSaved: (profile: UserProfile) => void;
}

/** A preset from `GET api/user/avatarList`, or an own image (getQiniuToken → multipart api/upload → updateInfo). */
export function AvatarEditor({ api, current, onSaved }: AvatarEditorProps) {
  const presets = useLoad('avatars', () => api.avatarList());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const save = async (avatar: string) => {
    onSaved(await api.updateInfo({ avatar }));
    setNotice(profileCopy.avatarSaved);
  };

  const choose = async (url: string) => {
    if (busy || url === current) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await save(url);
    } catch (refusal) {
      setError(refusalMessage(refusal));
    } finally {
      setBusy(false);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    setNotice(null);
    if (!DEFAULT_TYPES.includes(file.type)) {
      setError(profileCopy.uploadWrongType);
      input.value = '';
      return;
    }
    if (file.size > DEFAULT_MAX_BYTES) {
      setError(profileCopy.uploadTooBig(DEFAULT_MAX_BYTES / 1024 / 1024));
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      const token = await api.uploadToken();
      if (file.size > token.maxBytes) throw new UploadRefused(profileCopy.uploadTooBig(Math.floor(token.maxBytes / 1024 / 1024)));
      if (token.allowedTypes.length > 0 && !token.allowedTypes.includes(file.type)) throw new UploadRefused(profileCopy.uploadWrongType);
      const stored = await api.upload(token, file);
      await save(stored.url);
    } catch (refusal) {
      setError(refusal instanceof UploadRefused ? refusal.message : refusalMessage(refusal));
    } finally {
      setBusy(false);
      input.value = '';
    }
  };

  return (
    <>
      <h3 id="member-avatar-presets">{profileCopy.presets}</h3>
      <LoadView state={presets.state} failed={profileCopy.presetsFailed} onRetry={presets.retry}>
        {(choices) => (
          <Choices aria-labelledby="member-avatar-presets" data-testid="avatar-choices">
            {choices.map((choice, index) => {
              const src = safeImage(choice.url);
              if (!src) return null;
              return (
                <li key={choice.id}>
                  <ChoiceButton variant="ghost" data-testid="avatar-choice" aria-pressed={choice.url === current} disabled={busy} onClick={() => void choose(choice.url)}>
                    <img src={src} alt={profileCopy.presetLabel(index + 1)} />
                  </ChoiceButton>
                </li>
              );
            })}
          </Choices>
        )}
      </LoadView>
      <Field id="member-avatar-upload" label={profileCopy.upload} hint={busy ? profileCopy.uploading : profileCopy.uploadHint(DEFAULT_MAX_BYTES / 1024 / 1024)}>
        {(control) => <input {...control} data-testid="avatar-upload" type="file" accept={DEFAULT_TYPES.join(',')} disabled={busy} onChange={(event) => void upload(event)} />}
      </Field>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {notice && <Notice role="status">{notice}</Notice>}
    </>
  );
}

/** A file the upload token's limits refuse, said before anything is sent. */
class UploadRefused extends Error {}
