import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, type Order, type PayUrl, type RemoteContext, type UserProfile } from '@sports/shared';
import { memberApi } from '../api/memberApi';
import { readProfile } from '../session/readProfile';
import { walletCopy } from '../messages';
import { RECHARGE_POLL_MS, isFinalOrderState, newIdempotencyKey, pollDeadline } from './recharge';

export type RechargePhase =
  | { kind: 'idle' }
  | { kind: 'creating' }
  | { kind: 'createFailed'; message: string }
  | { kind: 'pending'; order: PayUrl }
  | { kind: 'paid'; order: PayUrl; balance: number | null }
  | { kind: 'closed'; order: PayUrl; state: Exclude<Order['state'], 'pending' | 'paid'> };

export interface RechargeCallbacks {
  /** The order was paid and the profile read again (already in the shared store). */
  onPaid: (profile: UserProfile) => void;
  /** An order was created or changed: the recent orders list reloads. */
  onOrdersChanged: () => void;
}

/** Opens the payment page in a new tab; the page keeps no handle on it (noopener). */
export function openPayPage(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * The pay flow of member type 1: `pay(ruleId)` creates the order (`api/chargerules/payUrl` with an
 * Idempotency-Key), opens its payment page, then asks for the order every RECHARGE_POLL_MS until
 * it is paid, cancelled, failed or expired (or the order's expiry passed). A paid order re-reads
 * the profile (`readProfile`, which also updates the host's user menu).
 *
 * One purchase attempt is one key: pressing 去支付 again for the same package while the attempt is
 * open (its creation failed, or its order is still pending) sends the same key, so the server
 * answers the same order and no second one is made. A new package, or an order that ended, starts
 * a new attempt. Nothing runs after unmount.
 */
export function useRecharge(context: Pick<RemoteContext, 'api' | 'store' | 'eventBus'>, callbacks: RechargeCallbacks) {
  const [phase, setPhase] = useState<RechargePhase>({ kind: 'idle' });
  const attempt = useRef<{ ruleId: number; key: string } | null>(null);
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const busy = useRef(false);
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  const contextRef = useRef(context);
  contextRef.current = context;

  const stop = useCallback(() => {
    generation.current += 1;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const finish = useCallback(async (current: number, order: PayUrl, state: Exclude<Order['state'], 'pending'>) => {
    attempt.current = null;
    if (state !== 'paid') {
      setPhase({ kind: 'closed', order, state });
      callbacksRef.current.onOrdersChanged();
      return;
    }
    let profile: UserProfile | null = null;
    try {
      profile = await readProfile(contextRef.current);
    } catch {
      // Paid all the same; the balance shows on the next read.
    }
    if (current !== generation.current) return;
    setPhase({ kind: 'paid', order, balance: profile?.balance ?? null });
    if (profile !== null) callbacksRef.current.onPaid(profile);
    callbacksRef.current.onOrdersChanged();
  }, []);

  const poll = useCallback(
    (current: number, order: PayUrl, deadline: number) => {
      timer.current = setTimeout(() => {
        timer.current = null;
        void (async () => {
          let found: Order | undefined;
          try {
            const page = await memberApi(contextRef.current.api).rechargeOrders();
            found = page.list.find((item) => item.order_no === order.order_no);
          } catch {
            // A failed read: ask again at the next tick.
          }
          if (current !== generation.current) return;
          if (found !== undefined && isFinalOrderState(found.state)) return void finish(current, order, found.state);
          if (Date.now() >= deadline) return void finish(current, order, 'expired');
          poll(current, order, deadline);
        })();
      }, RECHARGE_POLL_MS);
    },
    [finish],
  );

  const pay = useCallback(
    async (ruleId: number) => {
      if (busy.current) return;
      if (attempt.current === null || attempt.current.ruleId !== ruleId) attempt.current = { ruleId, key: newIdempotencyKey() };
      const { key } = attempt.current;
      stop();
      const current = generation.current;
      busy.current = true;
      setPhase({ kind: 'creating' });
      let order: PayUrl;
      try {
        order = await memberApi(contextRef.current.api).payUrl(ruleId, key);
      } catch (error) {
        if (current === generation.current) setPhase({ kind: 'createFailed', message: refusal(error) });
        return;
      } finally {
        busy.current = false;
      }
      if (current !== generation.current) return;
      openPayPage(order.pay_url);
      setPhase({ kind: 'pending', order });
      callbacksRef.current.onOrdersChanged();
      poll(current, order, pollDeadline(order.expires_at, Date.now()));
    },
    [poll, stop],
  );

  return { phase, pay };
}

/** The server's own refusal (e.g. a package no longer on offer), else a generic line. */
function refusal(error: unknown): string {
  return error instanceof ApiError && error.code !== null && error.message.trim() !== '' ? error.message : walletCopy.createFailed;
}
