import { useState } from 'react';
import styled from 'styled-components';
import { Button, GUARD_MONTHS_MAX, LoadView, Muted, requireLogin, Select, useLoad, type GuardTier, type MyGuard, type RemoteContext } from '@sports/shared';
import { PaidActionNotice } from '../wallet/PaidActionNotice';
import { usePaidAction } from '../wallet/usePaidAction';
import { BalanceText } from '../wallet/BalanceText';
import { guardApi } from './guardApi';
import { guardCopy, guardDate } from './guardCopy';

const BOUGHT_TOAST_MS = 3_000;
const MONTH_CHOICES = Array.from({ length: GUARD_MONTHS_MAX }, (_, index) => index + 1);

const Choices = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 8px;
  margin: 0 0 12px;
  padding: 0;
  list-style: none;

  button {
    flex-direction: column;
    align-items: flex-start;
    gap: 2px;
    width: 100%;
    padding: 8px;
    text-align: left;
  }
  /* A picked tier: outlined in the brand colour (not filled: its details stay readable). */
  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.brand};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.brand};
  }
  .name {
    display: flex;
    align-items: center;
    gap: 6px;
    font-weight: bold;
  }
  .swatch {
    width: 10px;
    height: 10px;
    border-radius: 50%;
  }
  .price,
  .privileges {
    font-size: ${({ theme }) => theme.font.small};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;

  select {
    padding: 4px 6px;
    font: inherit;
  }
  .balance {
    margin-left: auto;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** What one purchase asks for (its attempt's key is reused when it is retried). */
interface GuardIntent {
  guardId: number;
  months: number;
  name: string;
}

export interface GuardPanelProps {
  context: RemoteContext;
  roomId: number;
  /** The viewer's guard in this room now (api/Guard/roomList `mine`); null: none. */
  mine: MyGuard | null;
  /** After a purchase the server applied (the guard list and `mine` reload). */
  onBought?: () => void;
}

function actionOf(tier: GuardTier, mine: MyGuard | null): 'buy' | 'renew' | 'upgrade' | 'lower' {
  if (mine === null) return 'buy';
  if (tier.level === mine.level) return 'renew';
  return tier.level > mine.level ? 'upgrade' : 'lower';
}

/**
 * The guard panel (`api/Guard/getList`, `api/guard_user/buy`): pick a tier and 1–12 months, see
 * the total, 开通守护 (续费 for the tier one has, 升级 for a higher one: the server credits the
 * unused value of the current tier). Each attempt has a fresh Idempotency-Key; when the answer
 * never came, 重试 sends the same attempt with the same key. The new balance goes to the shared
 * session's user. Too little balance shows the server's message with the way to recharge.
 */
export function GuardPanel({ context, roomId, mine, onBought }: GuardPanelProps) {
  const { state, retry } = useLoad('guard-tiers', () => guardApi(context.api).tiers());
  const [selected, setSelected] = useState<number | null>(null);
  const [months, setMonths] = useState(1);
  // Other refusals (a lower tier while a higher is active…): the API client has shown the server's message.
  const { pending, problem, clearProblem, start, retry: onRetry } = usePaidAction(context, {
    perform: (intent: GuardIntent, key) => guardApi(context.api).buy({ room_id: roomId, guard_id: intent.guardId, months: intent.months }, key),
    onDone: (result, intent) => {
      context.eventBus.emit('toast', { kind: 'success', message: guardCopy.bought(intent.name, guardDate(result.expires_at)), durationMs: BOUGHT_TOAST_MS });
      onBought?.();
    },
  });

  const onBuy = (tiers: readonly GuardTier[]) => {
    if (pending || !requireLogin(context)) return;
    const tier = tiers.find((item) => item.id === selected);
    if (!tier) return;
    start({ guardId: tier.id, months, name: tier.name });
  };

  return (
    <div data-testid="guard-panel">
      {mine && <p data-testid="guard-mine">{guardCopy.mine(mine.guard_name, guardDate(mine.expires_at))}</p>}
      <LoadView state={state} failed={guardCopy.failed} onRetry={retry}>
        {(tiers) => {
          if (tiers.length === 0) return <Muted>{guardCopy.empty}</Muted>;
          const tier = tiers.find((item) => item.id === selected);
          const action = tier ? actionOf(tier, mine) : 'buy';
          return (
            <>
              <Choices aria-label={guardCopy.tiers}>
                {tiers.map((item) => (
                  <li key={item.id}>
                    <Button
                      data-testid="guard-option"
                      data-guard-id={item.id}
                      aria-pressed={selected === item.id}
                      onClick={() => {
                        setSelected(item.id);
                        clearProblem();
                      }}
                    >
                      <span className="name">
                        <span className="swatch" aria-hidden="true" style={{ background: item.color }} />
                        {item.name}
                      </span>
                      <span className="price">{guardCopy.pricePerMonth(item.price)}</span>
                      <span className="privileges">{item.privileges.join(' · ')}</span>
                    </Button>
                  </li>
                ))}
              </Choices>
              <Row>
                <label>
                  {guardCopy.months}{' '}
                  <Select data-testid="guard-months" value={months} onChange={(event) => setMonths(Number(event.target.value))}>
                    {MONTH_CHOICES.map((choice) => (
                      <option key={choice} value={choice}>
                        {guardCopy.monthOption(choice)}
                      </option>
                    ))}
                  </Select>
                </label>
                {tier && <span data-testid="guard-total">{guardCopy.total(tier.price * months)}</span>}
                <Button variant="primary" data-testid="guard-buy" disabled={pending || !tier || action === 'lower'} onClick={() => onBuy(tiers)}>
                  {pending ? guardCopy.buying : action === 'renew' ? guardCopy.renew : action === 'upgrade' ? guardCopy.upgrade : guardCopy.buy}
                </Button>
                <BalanceText testId="guard-balance" text={guardCopy.balance} />
              </Row>
              {action === 'upgrade' && <Muted>{guardCopy.upgradeNote}</Muted>}
              {action === 'lower' && <Muted data-testid="guard-lower">{guardCopy.lowerNote}</Muted>}
              <PaidActionNotice problem={problem} pending={pending} onRetry={onRetry} testIdPrefix="guard" copy={guardCopy} />
            </>
          );
        }}
      </LoadView>
    </div>
  );
}
