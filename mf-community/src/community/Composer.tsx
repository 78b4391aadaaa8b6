import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError, Button, Field, IconButton, POST_IMAGES_MAX, POST_TEXT_MAX, Select, TextArea, TextInput, type CommunityTopic, type Post, type RemoteContext } from '@sports/shared';
import { communityApi } from '../api/communityApi';
import { composerCopy } from './communityCopy';
import { safeImage } from './format';

/** What the upload store takes (server/README.md: 2 MiB; PNG, JPEG, WebP, GIF); the token says it again. */
const MAX_BYTES = 2 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The composer's layout (inside a plain <form>). */
const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;

  textarea {
    width: 100%;
    min-height: 80px;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: ${({ theme }) => theme.font.small};
`;

const Counter = styled.span<{ $over: boolean }>`
  margin-left: auto;
  color: ${({ theme, $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
`;

const Previews = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 2px;
  }
  img {
    width: 72px;
    height: 72px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.small};
  }
`;

const Submit = styled(Button)`
  align-self: flex-end;
  padding-inline: 20px;
`;

type LinkKind = 'none' | 'match' | 'room';

/** The server's message for a refusal (the API client also shows it), else the fallback. */
function refusal(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== null && error.message !== '' ? error.message : fallback;
}

/**
 * The circle's composer (members): text with a counter, up to 9 images uploaded to the upload
 * store as they are chosen (the avatar's flow: token, then multipart `api/upload`) with previews
 * and remove, an optional topic, an optional linked match or room by id; 发布 sends
 * `api/anchor_dynamics_user/insert` and hands the new post to the feed.
 */
export function Composer({ context, topics, onPosted }: { context: RemoteContext; topics: CommunityTopic[]; onPosted: (post: Post) => void }) {
  const api = communityApi(context.api);
  const ids = useId();
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  const [topicId, setTopicId] = useState('');
  const [linkKind, setLinkKind] = useState<LinkKind>('none');
  const [linkId, setLinkId] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const length = [...text].length;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const files = [...(input.files ?? [])];
    input.value = '';
    setError(null);
    setNotice(null);
    if (files.length === 0) return;
    const room = POST_IMAGES_MAX - images.length - uploading;
    if (files.length > room) setError(composerCopy.imagesFull);
    const accepted: File[] = [];
    for (const file of files.slice(0, Math.max(room, 0))) {
      if (!TYPES.includes(file.type)) setError(composerCopy.wrongType);
      else if (file.size > MAX_BYTES) setError(composerCopy.tooBig(MAX_BYTES / 1024 / 1024));
      else accepted.push(file);
    }
    if (accepted.length === 0) return;
    setUploading((count) => count + accepted.length);
    for (const file of accepted) {
      try {
        const token = await api.uploadToken();
        if (file.size > token.maxBytes) throw new Error(composerCopy.tooBig(Math.floor(token.maxBytes / 1024 / 1024)));
        const stored = await api.upload(token, file);
        setImages((now) => (now.includes(stored.url) || now.length >= POST_IMAGES_MAX ? now : [...now, stored.url]));
      } catch (failure) {
        setError(refusal(failure, composerCopy.uploadFailed));
      } finally {
        setUploading((count) => count - 1);
      }
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    const body = text.trim();
    if (body === '' && images.length === 0) return setError(composerCopy.empty);
    if (length > POST_TEXT_MAX) return setError(composerCopy.tooLong);
    let link: { match_id?: number; room_id?: number } = {};
    if (linkKind !== 'none') {
      if (!/^[1-9][0-9]{0,15}$/.test(linkId.trim())) return setError(composerCopy.linkIdBad);
      link = linkKind === 'match' ? { match_id: Number(linkId.trim()) } : { room_id: Number(linkId.trim()) };
    }
    setSending(true);
    api
      .insert({ text: body, ...(images.length > 0 ? { images } : {}), ...(topicId === '' ? {} : { topic_id: Number(topicId) }), ...link })
      .then(
        (post) => {
          setSending(false);
          setText('');
          setImages([]);
          setTopicId('');
          setLinkKind('none');
          setLinkId('');
          setNotice(composerCopy.posted);
          onPosted(post);
        },
        (failure) => {
          setSending(false);
          setError(refusal(failure, composerCopy.failed));
        },
      );
  };

  return (
    <form onSubmit={submit} aria-label={composerCopy.heading} data-testid="composer">
      <Stack>
        <Field id={`${ids}-text`} label={composerCopy.text}>
          {(control) => <TextArea {...control} data-testid="composer-text" value={text} onChange={(event) => setText(event.target.value)} aria-describedby={`${ids}-counter`} />}
        </Field>
        <Row>
          <label htmlFor={`${ids}-images`}>{composerCopy.images}</label>
          <input
            id={`${ids}-images`}
            data-testid="composer-images"
            type="file"
            multiple
            accept={TYPES.join(',')}
            disabled={images.length + uploading >= POST_IMAGES_MAX}
            onChange={(event) => void choose(event)}
          />
          {uploading > 0 && <span role="status">{composerCopy.uploading}</span>}
          <Counter id={`${ids}-counter`} data-testid="composer-counter" $over={length > POST_TEXT_MAX}>
            {composerCopy.counter(length)}
          </Counter>
        </Row>
        {images.length > 0 && (
          <Previews data-testid="composer-previews">
            {images.map((url, index) => (
              <li key={url}>
                <img src={safeImage(url)} alt={composerCopy.imageAlt(index + 1)} />
                <IconButton
                  variant="secondary"
                  size="small"
                  data-testid="composer-remove-image"
                  label={composerCopy.removeImage(index + 1)}
                  icon="✕"
                  onClick={() => setImages((now) => now.filter((item) => item !== url))}
                />
              </li>
            ))}
          </Previews>
        )}
        <Row>
          <label htmlFor={`${ids}-topic`}>{composerCopy.topic}</label>
          <Select id={`${ids}-topic`} data-testid="composer-topic" value={topicId} onChange={(event) => setTopicId(event.target.value)}>
            <option value="">{composerCopy.noTopic}</option>
            {topics.map((topic) => (
              <option key={topic.id} value={String(topic.id)}>
                {topic.name}
              </option>
            ))}
          </Select>
          <label htmlFor={`${ids}-link`}>{composerCopy.link}</label>
          <Select id={`${ids}-link`} data-testid="composer-link-kind" value={linkKind} onChange={(event) => setLinkKind(event.target.value as LinkKind)}>
            <option value="none">{composerCopy.linkNone}</option>
            <option value="match">{composerCopy.linkMatch}</option>
            <option value="room">{composerCopy.linkRoom}</option>
          </Select>
          {linkKind !== 'none' && (
            <>
              <label htmlFor={`${ids}-link-id`}>{composerCopy.linkId}</label>
              <TextInput id={`${ids}-link-id`} data-testid="composer-link-id" inputMode="numeric" size={10} value={linkId} onChange={(event) => setLinkId(event.target.value)} />
            </>
          )}
        </Row>
        {error !== null && <span role="alert">{error}</span>}
        {notice !== null && <span role="status">{notice}</span>}
        <Submit type="submit" variant="primary" data-testid="composer-submit" disabled={sending || uploading > 0}>
          {sending ? composerCopy.submitting : composerCopy.submit}
        </Submit>
      </Stack>
    </form>
  );
}
