import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, GIFT_COUNT_MAX, LoadView, Muted, requireLogin, type Gift, type RemoteContext, TextInput } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { giftCopy } from '../messages';
import { BalanceText } from '../wallet/BalanceText';
import { useGiftCatalogue } from './giftCatalogue';
import { safeGiftIcon } from './giftMessage';
import { Alert, PaidActionNotice } from '../wallet/PaidActionNotice';
import { usePaidAction } from '../wallet/usePaidAction';

/** The counts offered with one click; any 1–999 may be typed. */
export const GIFT_COUNT_PRESETS = [1, 10, 66, 99, 520] as const;
const SENT_TOAST_MS = 2_000;

const Choices = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(84px, 1fr));
  gap: 8px;
  margin: 0 0 12px;
  padding: 0;
  list-style: none;

  button {
    flex-direction: column;
    gap: 2px;
    width: 100%;
    padding: 6px 4px;
  }
  /* A picked gift: outlined in the brand colour (not filled: its icon stays visible). */
  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.brand};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.brand};
  }
  img {
    width: 40px;
    height: 40px;
  }
  .price {
    font-size: ${({ theme }) => theme.font.small};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;

  input {
    width: 72px;
    padding: 5px 6px;
    font: inherit;
  }
  .balance {
    margin-left: auto;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** What one send asks for (its attempt's key is reused when it is retried). */
interface GiftIntent {
  giftId: number;
  count: number;
  name: string;
}

function parseCount(text: string): number | null {
  if (!/^[0-9]{1,3}$/.test(text)) return null;
  const count = Number(text);
  return count >= 1 && count <= GIFT_COUNT_MAX ? count : null;
}

export interface GiftPanelProps {
  context: RemoteContext;
  roomId: number;
  /** After a send the server applied (the board may reload). */
  onSent?: () => void;
  /** A gift picked outside the panel (a shortcut in the room's bar); `token` changes on every pick. */
  preselect?: { giftId: number; token: number };
}

/**
 * The gift panel (`api/Gift/getList`, `api/member/handselGift`): pick a gift and a count, 赠送.
 * Each attempt has a fresh Idempotency-Key; when the answer never came (network), 重试 sends the
 * same attempt with the same key, so the server applies it at most once. The new balance is shown
 * and written to the shared session's user (the host's user menu shows it at once). Visitors are
 * asked to log in.
 */
export function GiftPanel({ context, roomId, onSent, preselect }: GiftPanelProps) {
  const { state, retry } = useGiftCatalogue(context.api);
  const [selected, setSelected] = useState<number | null>(null);
  const [countText, setCountText] = useState('1');
  const count = parseCount(countText);
  useEffect(() => {
    if (preselect) setSelected(preselect.giftId);
  }, [preselect]);
  const { pending, problem, clearProblem, start, retry: onRetry } = usePaidAction(context, {
    perform: (intent: GiftIntent, key) => liveApi(context.api).handselGift({ room_id: roomId, gift_id: intent.giftId, count: intent.count }, key),
    onDone: (result, intent) => {
      context.eventBus.emit('toast', { kind: 'success', message: giftCopy.sent(intent.name, result.count), durationMs: SENT_TOAST_MS });
      onSent?.();
    },
  });

  const onSend = (gifts: readonly Gift[]) => {
    if (pending || !requireLogin(context)) return;
    const gift = gifts.find((item) => item.id === selected);
    if (!gift || count === null) return;
    start({ giftId: gift.id, count, name: gift.name });
  };

  return (
    <div data-testid="gift-panel">
      <LoadView state={state} failed={giftCopy.failed} onRetry={retry}>
        {(gifts) =>
          gifts.length === 0 ? (
            <Muted>{giftCopy.empty}</Muted>
          ) : (
            <>
              <Choices aria-label={giftCopy.choices}>
                {gifts.map((gift) => {
                  const icon = safeGiftIcon(gift.icon);
                  return (
                    <li key={gift.id}>
                      <Button
                        data-testid="gift-option"
                        data-gift-id={gift.id}
                        aria-pressed={selected === gift.id}
                        onClick={() => {
                          setSelected(gift.id);
                          clearProblem();
                        }}
                      >
                        {icon && <img src={icon} alt="" />}
                        <span>{gift.name}</span>
                        <span className="price">{giftCopy.price(gift.price)}</span>
                      </Button>
                    </li>
                  );
                })}
              </Choices>
              <Row role="group" aria-label={giftCopy.countGroup}>
                {GIFT_COUNT_PRESETS.map((preset) => (
                  <Button key={preset} size="small" data-testid="gift-count-preset" aria-pressed={count === preset} onClick={() => setCountText(String(preset))} aria-label={giftCopy.countPreset(preset)}>
                    {preset}
                  </Button>
                ))}
                <label>
                  {giftCopy.countInput}{' '}
                  <TextInput
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={GIFT_COUNT_MAX}
                    step={1}
                    data-testid="gift-count"
                    value={countText}
                    aria-invalid={count === null}
                    onChange={(event) => {
                      setCountText(event.target.value);
                      clearProblem();
                    }}
                  />
                </label>
                {(() => {
                  const gift = gifts.find((item) => item.id === selected);
                  return gift && count !== null ? <span>{giftCopy.total(gift.price * count)}</span> : null;
                })()}
                <Button variant="primary" data-testid="gift-send" disabled={pending || selected === null || count === null} onClick={() => onSend(gifts)}>
                  {pending ? giftCopy.sending : giftCopy.send}
                </Button>
                <BalanceText testId="gift-balance" text={giftCopy.balance} />
              </Row>
              {count === null && <Alert role="alert">{giftCopy.countInvalid}</Alert>}
              <PaidActionNotice problem={problem} pending={pending} onRetry={onRetry} testIdPrefix="gift" copy={giftCopy} />
            </>
          )
        }
      </LoadView>
    </div>
  );
}
