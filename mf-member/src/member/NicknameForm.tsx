import { useState, type FormEvent } from 'react';
import { Button, Field, TextInput, type UserProfile } from '@sports/shared';
import type { MemberApi } from '../api/memberApi';
import { commonCopy, profileCopy } from '../messages';
import { Form, Notice } from '../ui/Form';
import { refusalMessage } from './errors';

/** The server's limit (UpdateInfoRequestSchema: 1-16 characters, trimmed). */
export const NICKNAME_MAX = 16;

/** The client's checks, mirroring the server's; the server decides (and checks uniqueness). */
export function nicknameProblem(value: string, current: string): string | null {
  const nickname = value.trim();
  if (nickname === '') return profileCopy.nicknameEmpty;
  if ([...nickname].length > NICKNAME_MAX) return profileCopy.nicknameTooLong(NICKNAME_MAX);
  if (nickname === current) return profileCopy.nicknameUnchanged;
  return null;
}

export interface NicknameFormProps {
  api: MemberApi;
  current: string;
  onSaved: (profile: UserProfile) => void;
}

export function NicknameForm({ api, current, onSaved }: NicknameFormProps) {
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A newly saved nickname (here or elsewhere) replaces the field's text. It is adjusted while
  // rendering, not in an effect: an effect could run after the user's first keystroke and wipe it.
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setValue(current);
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const problem = nicknameProblem(value, current);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      onSaved(await api.updateInfo({ user_nickname: value.trim() }));
      setNotice(profileCopy.nicknameSaved);
    } catch (refusal) {
      setError(refusalMessage(refusal));
    } finally {
      setSaving(false);
    }
  };

  const hint = profileCopy.nicknameHint(NICKNAME_MAX);
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={profileCopy.nickname}>
      <Field id="member-nickname" label={profileCopy.nickname} hint={hint} error={error}>
        {(control) => <TextInput {...control} data-testid="nickname-input" value={value} autoComplete="nickname" onChange={(event) => setValue(event.target.value)} />}
      </Field>
      <div>
        <Button type="submit" variant="primary" data-testid="nickname-save" disabled={saving}>
          {saving ? commonCopy.saving : profileCopy.save}
        </Button>
      </div>
      {notice && <Notice role="status">{notice}</Notice>}
    </Form>
  );
}
