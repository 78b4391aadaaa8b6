import { ORDER_TYPES, type Order, type OrderTypeKey } from '@sports/shared';
import { formatYuan } from '../member/recharge';
import { ordersCopy } from './walletCopy';

const typeNumber = (key: OrderTypeKey): number | undefined => ORDER_TYPES.find((item) => item.key === key)?.type;
/** Order types with their own words for a state (`ORDER_TYPES` of @sports/shared). */
const RECHARGE = typeNumber('recharge');
const WITHDRAWAL = typeNumber('withdrawal');

/** An order's state in Chinese: recharges are paid (已支付), withdrawals paid out (已打款); unknown states show as sent. */
export function orderStateText(order: Pick<Order, 'type' | 'state'>): string {
  const own = order.type === RECHARGE ? ordersCopy.rechargeStates : order.type === WITHDRAWAL ? ordersCopy.withdrawalStates : {};
  return own[order.state] ?? ordersCopy.states[order.state] ?? order.state;
}

/** What the order was (its `subject`, e.g. 足球 x10), else its type's name. */
export function orderSubject(order: Order): string {
  return order.subject.trim() !== '' ? order.subject : order.type_name;
}

/** The money and coins of a row: ¥30.00 · +310 金币; coin-only orders show coins only. */
export function orderAmounts(order: Order): string {
  const parts = [order.amount_fen === null ? null : formatYuan(order.amount_fen), order.coins === 0 ? null : ordersCopy.coins(order.coins)];
  return parts.filter((part): part is string => part !== null).join(' · ');
}
