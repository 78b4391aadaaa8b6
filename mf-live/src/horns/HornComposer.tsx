import { useAtomValue } from 'jotai';
import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError, CHAT_MESSAGE_MAX_LENGTH, PagePanel, requireLogin, TextButton, useLoad, userInfoAtom, type RemoteContext } from '@sports/shared';
import { RECHARGE_HREF } from '../gifts/GiftPanel';
import { newIdempotencyKey } from '../gifts/idempotencyKey';
import { hornCopy } from './hornCopy';
import { hornsApi } from './hornsApi';

const INSUFFICIENT_BALANCE = 'WALLET_INSUFFICIENT_BALANCE';
const SENT_TOAST_MS = 2_000;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  input[type='text'] {
    flex: 1;
    min-width: 160px;
    padding: 6px 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    font: inherit;
  }
  .muted {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

const Alert = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.colors.danger};
  a {
    margin-left: 8px;
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

type Problem = { kind: 'insufficient'; message: string } | { kind: 'unknown' } | null;

interface Attempt {
  key: string;
  text: string;
}

export interface HornComposerProps {
  context: RemoteContext;
}

/**
 * The horn composer (`api/Member/sneHorn`): the price of one horn (from `api/Member/hornList`),
 * the text (bounded like the chat's), 发送喇叭. Each attempt has a fresh Idempotency-Key; when no
 * answer came, 重试 sends the same attempt with the same key. The new balance is shown and written
 * to the shared user (the host's menu follows at once); too little balance shows the server's
 * message with a link to recharge. Visitors are asked to log in.
 */
export function HornComposer({ context }: HornComposerProps) {
  const { state } = useLoad('horn-price', () => hornsApi(context.api).hornList());
  const user = useAtomValue(userInfoAtom);
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const unknownAttempt = useRef<Attempt | null>(null);
  const inputId = useId();
  const price = state.status === 'ready' ? state.data.price : null;

  const send = async (attempt: Attempt) => {
    setPending(true);
    setProblem(null);
    try {
      const result = await hornsApi(context.api).sneHorn(attempt.text, attempt.key);
      unknownAttempt.current = null;
      const current = context.store.get(userInfoAtom);
      if (current) context.store.set(userInfoAtom, { ...current, balance: result.balance });
      context.eventBus.emit('toast', { kind: 'success', message: hornCopy.sent, durationMs: SENT_TOAST_MS });
      setText('');
    } catch (error) {
      if (error instanceof ApiError && error.isNetworkError) {
        unknownAttempt.current = attempt;
        setProblem({ kind: 'unknown' });
      } else {
        unknownAttempt.current = null;
        if (error instanceof ApiError && error.reason === INSUFFICIENT_BALANCE) setProblem({ kind: 'insufficient', message: error.message });
        // Other refusals (too soon, too fast, empty): the API client has shown the server's message.
      }
    } finally {
      setPending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || text.trim() === '' || !requireLogin(context)) return;
    void send({ key: newIdempotencyKey(), text });
  };

  const retry = () => {
    const attempt = unknownAttempt.current;
    if (attempt && !pending) void send(attempt);
  };

  return (
    <PagePanel aria-label={hornCopy.composer} data-testid="horn-composer">
      <h2>{hornCopy.composer}</h2>
      <Form onSubmit={submit}>
        <label htmlFor={inputId} className="muted">
          {hornCopy.input}
        </label>
        <input
          id={inputId}
          type="text"
          data-testid="horn-input"
          value={text}
          placeholder={hornCopy.placeholder}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          onChange={(event) => {
            setText([...event.target.value].slice(0, CHAT_MESSAGE_MAX_LENGTH).join(''));
            setProblem(null);
          }}
        />
        {price !== null && (
          <span className="muted" data-testid="horn-price">
            {hornCopy.price(price)}
          </span>
        )}
        <TextButton type="submit" data-testid="horn-send" disabled={pending || text.trim() === ''}>
          {pending ? hornCopy.sending : hornCopy.send}
        </TextButton>
        {user && (
          <span className="muted" data-testid="horn-balance">
            {hornCopy.balance(user.balance)}
          </span>
        )}
      </Form>
      <p className="muted" style={{ margin: '6px 0 0' }}>
        {hornCopy.hint}
      </p>
      {problem?.kind === 'insufficient' && (
        <Alert role="alert" data-testid="horn-error">
          {problem.message}
          <a href={RECHARGE_HREF} data-testid="horn-recharge">
            {hornCopy.recharge}
          </a>
        </Alert>
      )}
      {problem?.kind === 'unknown' && (
        <Alert role="alert" data-testid="horn-error">
          {hornCopy.unknown}{' '}
          <TextButton type="button" data-testid="horn-retry" disabled={pending} onClick={retry}>
            {hornCopy.retry}
          </TextButton>
        </Alert>
      )}
    </PagePanel>
  );
}
