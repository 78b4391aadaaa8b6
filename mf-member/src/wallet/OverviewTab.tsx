import { useState } from 'react';
import styled from 'styled-components';
import { LoadView, Muted, PagePanel, Button, useLoad, type WalletInfo } from '@sports/shared';
import { RECENT_ORDERS, walletApi } from '../api/walletApi';
import { formatYuan } from '../member/recharge';
import { ConversionForm } from './ConversionForm';
import { OrderRows } from './OrderRows';
import { InfoView, type WalletTabProps } from './walletTab';
import { earningsCopy, ordersCopy, overviewCopy } from './walletCopy';
import { Note } from './walletStyles';

const Figure = styled.p`
  font-size: 1.5em;
  font-weight: 600;
  margin: 0;
`;

/** Whether the earnings panel shows: anchors, and anyone who still has earnings or withdrawals in review. */
export function showsEarnings(isAnchor: boolean, info: WalletInfo): boolean {
  return isAnchor || info.earnings > 0 || info.earnings_in_flight > 0;
}

/**
 * 概览: the coins (with 充值), an anchor's earnings with their conversion into coins, and the
 * five most recent orders of any type (全部订单 opens the orders tab).
 */
export function OverviewTab({ context, info, reloadInfo, retryInfo, onTab, isAnchor }: WalletTabProps & { isAnchor: boolean }) {
  const [ordersVersion, setOrdersVersion] = useState(0);
  const recent = useLoad(`recent-orders:${ordersVersion}`, () => walletApi(context.api).orders({ pageSize: RECENT_ORDERS }));

  return (
    <>
      <PagePanel aria-labelledby="wallet-coins-heading">
        <h2 id="wallet-coins-heading">{overviewCopy.coins}</h2>
        <InfoView info={info} retryInfo={retryInfo}>
          {(data) => (
            <>
              <Figure data-testid="wallet-coins">{overviewCopy.coinsValue(data.coins)}</Figure>
              <a href="#/member?type=1&isRecharge=true">{overviewCopy.recharge}</a>
            </>
          )}
        </InfoView>
      </PagePanel>
      {info.status === 'ready' && showsEarnings(isAnchor, info.data) && (
        <PagePanel aria-labelledby="wallet-earnings-heading" data-testid="wallet-earnings-panel">
          <h2 id="wallet-earnings-heading">{earningsCopy.heading}</h2>
          <Figure data-testid="wallet-earnings">{earningsCopy.earningsValue(info.data.earnings)}</Figure>
          {info.data.earnings_in_flight > 0 && <Note data-testid="wallet-earnings-in-flight">{earningsCopy.inFlight(info.data.earnings_in_flight)}</Note>}
          <Note>
            {earningsCopy.rate(info.data.conversion_percent)}；{earningsCopy.withdrawRate(formatYuan(info.data.fen_per_coin))}
          </Note>
          <h3>{earningsCopy.convertHeading}</h3>
          <ConversionForm
            context={context}
            info={info.data}
            onConverted={() => {
              reloadInfo();
              setOrdersVersion((version) => version + 1);
            }}
          />
        </PagePanel>
      )}
      <PagePanel aria-labelledby="wallet-recent-heading">
        <h2 id="wallet-recent-heading">{overviewCopy.recent}</h2>
        <LoadView announceFailure state={recent.state} failed={ordersCopy.failed} onRetry={recent.retry}>
          {(page) => (page.list.length === 0 ? <Muted>{ordersCopy.empty}</Muted> : <OrderRows orders={page.list} label={overviewCopy.recent} />)}
        </LoadView>
        <Button type="button" data-testid="wallet-all-orders" onClick={() => onTab('orders')}>
          {overviewCopy.allOrders}
        </Button>
      </PagePanel>
    </>
  );
}
