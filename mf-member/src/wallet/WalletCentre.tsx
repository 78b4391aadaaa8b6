import { Tabs, useLoad } from '@sports/shared';
import { walletApi } from '../api/walletApi';
import type { MemberSectionProps } from '../pages/MemberPage';
import { CardsTab } from './CardsTab';
import { OrdersTab } from './OrdersTab';
import { OverviewTab } from './OverviewTab';
import { PasswordTab } from './PasswordTab';
import { WithdrawTab } from './WithdrawTab';
import { WALLET_TABS, centreCopy, type WalletTab } from './walletCopy';

export function walletTabOf(value: string | undefined): WalletTab {
  return value !== undefined && (WALLET_TABS as readonly string[]).includes(value) ? (value as WalletTab) : 'overview';
}

/** The address of a tab of the wallet centre. */
export function walletTabPath(tab: WalletTab): string {
  return tab === 'overview' ? '/member?type=3' : `/member?type=3&tab=${tab}`;
}

/**
 * member?type=3 — the wallet centre: 概览 (coins, an anchor's earnings and their conversion, recent
 * orders), 订单, 提现, 银行卡, 支付密码 as tabs (`tab=` keeps the choice in the address). The
 * wallet info (`api/Balance/info`) is read once here and again after anything that changes it.
 */
export default function WalletCentre({ context, location, user }: MemberSectionProps) {
  const tab = walletTabOf(location.query.tab);
  const api = walletApi(context.api);
  const info = useLoad('wallet-info', () => api.info());
  const show = (next: WalletTab) => context.navigate(walletTabPath(next), { replace: true });
  const shared = { context, info: info.state, reloadInfo: info.reload, retryInfo: info.retry, onTab: show };

  return (
    <Tabs label={centreCopy.tabs} items={WALLET_TABS.map((key) => ({ key, label: centreCopy.tabNames[key] }))} selected={tab} onSelect={show} tabTestId={(key) => `wallet-tab-${key}`}>
      {tab === 'overview' && <OverviewTab {...shared} isAnchor={user.is_anchor === 1} />}
      {tab === 'orders' && <OrdersTab context={context} />}
      {tab === 'withdraw' && <WithdrawTab {...shared} />}
      {tab === 'cards' && <CardsTab {...shared} />}
      {tab === 'password' && <PasswordTab {...shared} />}
    </Tabs>
  );
}
