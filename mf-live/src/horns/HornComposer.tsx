import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, requireLogin, useLoad, type RemoteContext } from '@sports/shared';
import { LineInput } from '../ui/LineInput';
import { BalanceText } from '../wallet/BalanceText';
import { PaidActionNotice } from '../wallet/PaidActionNotice';
import { usePaidAction } from '../wallet/usePaidAction';
import { hornCopy } from './hornCopy';
import { hornsApi } from './hornsApi';

const SENT_TOAST_MS = 2_000;

const FormRow = styled.div`
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
  .muted,
  .balance {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

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
  const [text, setText] = useState('');
  const inputId = useId();
  const price = state.status === 'ready' ? state.data.price : null;
  // Other refusals (too soon, too fast, empty): the API client has shown the server's message.
  const { pending, problem, clearProblem, start, retry } = usePaidAction(context, {
    perform: (intent: string, key) => hornsApi(context.api).sneHorn(intent, key),
    onDone: () => {
      context.eventBus.emit('toast', { kind: 'success', message: hornCopy.sent, durationMs: SENT_TOAST_MS });
      setText('');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || text.trim() === '' || !requireLogin(context)) return;
    start(text);
  };

  return (
    <div data-testid="horn-composer">
      <form onSubmit={submit}>
        <FormRow>
          <label htmlFor={inputId} className="muted">
            {hornCopy.input}
          </label>
          <LineInput
            id={inputId}
            testId="horn-input"
            value={text}
            placeholder={hornCopy.placeholder}
            onChange={(next) => {
              setText(next);
              clearProblem();
            }}
          />
          {price !== null && (
            <span className="muted" data-testid="horn-price">
              {hornCopy.price(price)}
            </span>
          )}
          <Button type="submit" variant="primary" data-testid="horn-send" disabled={pending || text.trim() === ''}>
            {pending ? hornCopy.sending : hornCopy.send}
          </Button>
          <BalanceText testId="horn-balance" text={hornCopy.balance} />
        </FormRow>
      </form>
      <p className="muted" style={{ margin: '6px 0 0' }}>
        {hornCopy.hint}
      </p>
      <PaidActionNotice problem={problem} pending={pending} onRetry={retry} testIdPrefix="horn" copy={hornCopy} />
    </div>
  );
}
