import { useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, CHAT_MESSAGE_MAX_LENGTH, TextInput, type ChatSendRefusal, type ChatSendResult } from '@sports/shared';
import { chatCopy } from '../messages';
import { formatEnd } from '../ui/format';
import type { ChatMute } from './useChatMute';

/** The composer's layout (inside a plain <form>). */
const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 8px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  .row {
    display: flex;
    gap: 6px;
    align-items: center;
  }
  input[type='text'] {
    flex: 1;
  }
  .meta {
    display: flex;
    justify-content: space-between;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

const Refusal = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export interface ChatComposerProps {
  send: (text: string, kind: 'text' | 'danmaku') => Promise<ChatSendResult>;
  /** The viewer is muted in this room: the placeholder says so (and until when), send is off. */
  mute?: ChatMute;
  /**
   * Set for a guest (the server refuses guests' messages: 登录后才能发言): the box says so, 发送
   * stays on and sending (the button or Enter, even with nothing typed) asks this instead, which
   * opens the host's login modal (requireLogin); the text typed stays for after the login.
   */
  loginToChat?: () => void;
}

/** Characters as the server counts them (code points, so an emoji is one). */
function lengthOf(text: string): number {
  return [...text].length;
}

/**
 * The message box: bounded to CHAT_MESSAGE_MAX_LENGTH, a switch to send it as danmaku too, and
 * the server's refusal (muted, too fast, too long…) shown where the user typed. The text stays
 * when refused, so nothing typed is lost. While the viewer is muted the placeholder says
 * 你已被禁言 (至 HH:mm when timed) and send is disabled; typing stays possible.
 */
export function ChatComposer({ send, mute, loginToChat }: ChatComposerProps) {
  const [text, setText] = useState('');
  const [asDanmaku, setAsDanmaku] = useState(true);
  const [refusal, setRefusal] = useState<ChatSendRefusal | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const refusalId = useId();
  const muted = mute?.muted === true;

  // Unmuted: the old "you are muted" refusal no longer holds.
  useEffect(() => {
    if (!muted) setRefusal((current) => (current?.code === 'muted' ? null : current));
  }, [muted]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loginToChat) {
      loginToChat();
      return;
    }
    if (sending || muted) return;
    setSending(true);
    const result = await send(text, asDanmaku ? 'danmaku' : 'text');
    setSending(false);
    if (!result.ok) {
      setRefusal(result.refusal);
      return;
    }
    setRefusal(null);
    setText('');
  };
  const placeholder = loginToChat
    ? chatCopy.guestPlaceholder
    : muted
      ? chatCopy.mutedPlaceholder(mute?.until ? formatEnd(mute.until) : null)
      : chatCopy.placeholder;

  return (
    <form onSubmit={submit}>
      <Layout>
        <div className="row">
          <label htmlFor={inputId} className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {chatCopy.input}
          </label>
          <TextInput
            id={inputId}
            type="text"
            value={text}
            placeholder={placeholder}
            data-muted={muted ? 'true' : undefined}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            aria-describedby={refusal ? refusalId : undefined}
            aria-invalid={refusal ? true : undefined}
            onChange={(event) => setText([...event.target.value].slice(0, CHAT_MESSAGE_MAX_LENGTH).join(''))}
          />
          <Button type="submit" variant="primary" disabled={!loginToChat && (sending || muted || text.trim() === '')}>
            {chatCopy.send}
          </Button>
        </div>
        <div className="meta">
          <label>
            <input type="checkbox" checked={asDanmaku} onChange={(event) => setAsDanmaku(event.target.checked)} /> {chatCopy.danmakuToggle}
          </label>
          <span aria-hidden="true">{chatCopy.counter(lengthOf(text), CHAT_MESSAGE_MAX_LENGTH)}</span>
        </div>
        {refusal && (
          <Refusal id={refusalId} role="alert">
            {refusal.message}
          </Refusal>
        )}
      </Layout>
    </form>
  );
}
