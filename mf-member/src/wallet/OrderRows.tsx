import type { Order } from '@sports/shared';
import { PlainList } from '../ui/Form';
import { formatDateTime } from '../ui/format';
import { orderAmounts, orderStateText, orderSubject } from './orderText';
import { ordersCopy } from './walletCopy';

/** Orders as a list: time, what, money and coins, state (`data-state` for journeys). */
export function OrderRows({ orders, label }: { orders: Order[]; label: string }) {
  return (
    <PlainList aria-label={label} data-testid="wallet-order-list">
      {orders.map((order) => (
        <li key={order.order_no} data-testid="wallet-order" data-type={order.type} data-state={order.state} data-order-no={order.order_no}>
          <span>{formatDateTime(order.created_at)}</span>
          <strong>{orderSubject(order)}</strong>
          <span data-testid="wallet-order-amounts">{orderAmounts(order)}</span>
          <span data-testid="wallet-order-state">{orderStateText(order)}</span>
          <small title={ordersCopy.orderNo(order.order_no)}>{ordersCopy.orderNo(order.order_no)}</small>
        </li>
      ))}
    </PlainList>
  );
}
