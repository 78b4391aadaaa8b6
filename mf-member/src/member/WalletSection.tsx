import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { LoadView, Muted, PagePanel, Button, useLoad, type ChargeRule, type Order } from '@sports/shared';
import { memberApi } from '../api/memberApi';
import { walletCopy } from '../messages';
import type { MemberSectionProps } from '../pages/MemberPage';
import { readProfile } from '../session/readProfile';
import { ErrorText, Notice, PlainList } from '../ui/Form';
import { formatDateTime } from '../ui/format';
import { formatYuan } from './recharge';
import { useRecharge, type RechargePhase } from './useRecharge';

const Packages = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
  padding: 8px 0;
  border: 0;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
  }
  legend {
    font-weight: 600;
    margin-bottom: 8px;
  }
`;

const PackageOption = styled.label`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 120px;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  cursor: pointer;

  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.brand};
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
  }
  input {
    position: absolute;
    opacity: 0;
  }
`;

const Balance = styled.p`
  font-size: 1.5em;
  font-weight: 600;
  margin: 0;
`;

/**
 * member?type=1 (isRecharge=true): the balance (from the fresh profile), the recharge packages
 * (`POST api/chargerules/getList`), the pay flow (`useRecharge`: the payment page in a new tab,
 * this page waits for the order and shows 充值成功 with the new balance, which the host's user
 * menu shows at once), and the recent recharge orders (`GET api/Order/getList?type=1`).
 * `isRecharge=true` puts the focus on the packages.
 */
export default function WalletSection({ context, location }: MemberSectionProps) {
  const api = memberApi(context.api);
  const profile = useLoad('wallet', () => readProfile(context));
  const packages = useLoad('packages', () => api.chargeRules());
  const [ordersVersion, setOrdersVersion] = useState(0);
  const { phase, pay } = useRecharge(context, {
    onPaid: (fresh) => profile.setState({ status: 'ready', data: fresh }),
    onOrdersChanged: () => setOrdersVersion((version) => version + 1),
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const packagesRef = useRef<HTMLFieldSetElement>(null);
  const focusPackages = location.query.isRecharge === 'true';

  useEffect(() => {
    if (focusPackages && packages.state.status === 'ready') packagesRef.current?.focus();
  }, [focusPackages, packages.state.status]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === null) {
      setChoiceError(walletCopy.chooseFirst);
      return;
    }
    setChoiceError(null);
    void pay(chosen);
  };

  return (
    <>
      <PagePanel aria-labelledby="member-wallet-heading">
        <h2 id="member-wallet-heading">{walletCopy.balance}</h2>
        <LoadView announceFailure state={profile.state} failed={walletCopy.failed} onRetry={profile.retry}>
          {(data) => <Balance data-testid="wallet-balance">{String(data.balance ?? 0)}</Balance>}
        </LoadView>
      </PagePanel>
      <PagePanel aria-labelledby="member-recharge-heading">
        <h2 id="member-recharge-heading">{walletCopy.packages}</h2>
        <LoadView announceFailure state={packages.state} failed={walletCopy.packagesFailed} onRetry={packages.retry}>
          {(rules) =>
            rules.length === 0 ? (
              <Muted>{walletCopy.noPackages}</Muted>
            ) : (
              <form onSubmit={submit} noValidate>
                <Packages ref={packagesRef} tabIndex={-1} data-testid="recharge-packages" aria-describedby={choiceError ? 'recharge-choice-error' : undefined}>
                  <legend>{walletCopy.packages}</legend>
                  {rules.map((rule) => (
                    <PackageItem key={rule.id} rule={rule} checked={chosen === rule.id} onChoose={() => setChosen(rule.id)} />
                  ))}
                </Packages>
                {choiceError && (
                  <ErrorText id="recharge-choice-error" role="alert">
                    {choiceError}
                  </ErrorText>
                )}
                <Button type="submit" data-testid="recharge-pay" disabled={phase.kind === 'creating'} aria-busy={phase.kind === 'creating'}>
                  {walletCopy.pay}
                </Button>
              </form>
            )
          }
        </LoadView>
        <RechargeState phase={phase} />
      </PagePanel>
      <RecentOrders context={context} version={ordersVersion} />
    </>
  );
}

function PackageItem({ rule, checked, onChoose }: { rule: ChargeRule; checked: boolean; onChoose: () => void }) {
  const id = `recharge-package-${rule.id}`;
  return (
    <PackageOption htmlFor={id} data-testid="recharge-package" data-id={rule.id}>
      <input id={id} type="radio" name="recharge-package" value={rule.id} checked={checked} onChange={onChoose} />
      <strong>{formatYuan(rule.price_fen)}</strong>
      <span>{walletCopy.coins(rule.coins)}</span>
      {rule.bonus_coins > 0 && <span>{walletCopy.bonus(rule.bonus_coins)}</span>}
    </PackageOption>
  );
}

/** Where the purchase stands (a live region: screen readers hear each change). */
function RechargeState({ phase }: { phase: RechargePhase }) {
  const state = phase.kind === 'closed' ? phase.state : phase.kind;
  return (
    <div role="status" data-testid="recharge-state" data-state={state}>
      {phase.kind === 'creating' && <Muted>{walletCopy.creating}</Muted>}
      {phase.kind === 'createFailed' && <ErrorText>{phase.message}</ErrorText>}
      {phase.kind === 'pending' && (
        <Muted>
          {walletCopy.pending(phase.order.order_no)}{' '}
          <a href={phase.order.pay_url} target="_blank" rel="noopener noreferrer" data-testid="recharge-pay-link">
            {walletCopy.openPayPage}
          </a>
        </Muted>
      )}
      {phase.kind === 'paid' && (
        <Notice data-testid="recharge-success">
          {walletCopy.paid}
          {'，'}
          <span data-testid="recharge-new-balance">{phase.balance === null ? walletCopy.paidBalanceUnknown : walletCopy.paidBalance(phase.balance)}</span>
        </Notice>
      )}
      {phase.kind === 'closed' && <ErrorText>{phase.state === 'cancelled' ? walletCopy.cancelled : phase.state === 'failed' ? walletCopy.payFailed : walletCopy.expired}</ErrorText>}
    </div>
  );
}

/** My recent recharge orders, newest first; 更多订单 follows the cursor. Reloads when `version` changes. */
function RecentOrders({ context, version }: { context: MemberSectionProps['context']; version: number }) {
  const api = memberApi(context.api);
  const first = useLoad(`orders:${version}`, () => api.rechargeOrders());
  const [more, setMore] = useState<{ list: Order[]; cursor: string | null } | null>(null);
  useEffect(() => setMore(null), [version]);

  const loadMore = async (cursor: string) => {
    try {
      const page = await api.rechargeOrders(cursor);
      setMore((current) => ({ list: [...(current?.list ?? []), ...page.list], cursor: page.next_cursor }));
    } catch {
      // The API client says what went wrong; the button stays.
    }
  };

  return (
    <PagePanel aria-labelledby="member-orders-heading">
      <h2 id="member-orders-heading">{walletCopy.orders}</h2>
      <LoadView announceFailure state={first.state} failed={walletCopy.ordersFailed} onRetry={first.retry}>
        {(page) => {
          const list = [...page.list, ...(more?.list ?? [])];
          const cursor = more === null ? page.next_cursor : more.cursor;
          if (list.length === 0) return <Muted>{walletCopy.noOrders}</Muted>;
          return (
            <>
              <PlainList aria-label={walletCopy.orders} data-testid="order-list">
                {list.map((order) => (
                  <li key={order.order_no} data-testid="order-item" data-state={order.state} data-order-no={order.order_no}>
                    <span>{formatDateTime(order.created_at)}</span> <span>{walletCopy.orderLine(formatYuan(order.amount_fen ?? 0), order.coins)}</span>{' '}
                    <span data-testid="order-state">{walletCopy.orderStates[order.state]}</span>
                  </li>
                ))}
              </PlainList>
              {cursor !== null && (
                <Button type="button" onClick={() => void loadMore(cursor)}>
                  {walletCopy.moreOrders}
                </Button>
              )}
            </>
          );
        }}
      </LoadView>
    </PagePanel>
  );
}
