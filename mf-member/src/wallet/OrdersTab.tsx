import { useId, useState } from 'react';
import { Muted, PagePanel, Button, sharedMessages, useLoad, type RemoteContext } from '@sports/shared';
import { useCursorList } from '@sports/shared/pageKit';
import { walletApi } from '../api/walletApi';
import { ErrorText } from '../ui/Form';
import { OrderRows } from './OrderRows';
import { ordersCopy } from './walletCopy';
import { Note } from './walletStyles';

/**
 * 订单: all my orders, newest first (`GET api/Order/getList`), filtered by one type from
 * `api/Order/getTypeList` (全部 = no filter); 更多订单 follows `next_cursor` until it is null.
 */
export function OrdersTab({ context }: { context: Pick<RemoteContext, 'api'> }) {
  const api = walletApi(context.api);
  const types = useLoad('order-types', () => api.orderTypes());
  const [type, setType] = useState<number | null>(null);
  const orders = useCursorList(`orders:${type ?? 'all'}`, (cursor) => api.orders({ ...(type === null ? {} : { type }), ...(cursor === undefined ? {} : { cursor }) }));
  const filterId = useId();
  const typeName = type === null ? null : types.state.status === 'ready' ? (types.state.data.find((item) => item.type === type)?.name ?? null) : null;
  const state = orders.state;

  return (
    <PagePanel aria-labelledby="wallet-orders-heading">
      <h2 id="wallet-orders-heading">{ordersCopy.heading}</h2>
      <p>
        <label htmlFor={filterId}>{ordersCopy.filter}</label>{' '}
        <select id={filterId} data-testid="wallet-order-type" value={type ?? ''} onChange={(event) => setType(event.target.value === '' ? null : Number(event.target.value))}>
          <option value="">{ordersCopy.all}</option>
          {types.state.status === 'ready' &&
            types.state.data.map((item) => (
              <option key={item.type} value={item.type}>
                {item.name}
              </option>
            ))}
        </select>
      </p>
      {types.state.status === 'failed' && <Note>{ordersCopy.typesFailed}</Note>}
      {state.status === 'loading' && <Muted role="status">{ordersCopy.moreLoading}</Muted>}
      {state.status === 'failed' && (
        <Muted role="alert">
          {ordersCopy.failed}{' '}
          <Button type="button" onClick={orders.retry}>
            {sharedMessages.retry}
          </Button>
        </Muted>
      )}
      {state.status === 'ready' &&
        (state.items.length === 0 ? (
          <Muted data-testid="wallet-orders-empty">{typeName === null ? ordersCopy.empty : ordersCopy.emptyOfType(typeName)}</Muted>
        ) : (
          <>
            <OrderRows orders={state.items} label={ordersCopy.list} />
            {state.cursor !== null && (
              <Button type="button" data-testid="wallet-orders-more" disabled={state.more === 'loading'} aria-busy={state.more === 'loading'} onClick={orders.loadMore}>
                {state.more === 'loading' ? ordersCopy.moreLoading : ordersCopy.more}
              </Button>
            )}
            {state.more === 'failed' && <ErrorText role="alert">{ordersCopy.moreFailed}</ErrorText>}
          </>
        ))}
    </PagePanel>
  );
}
