import type { ReactNode } from 'react';
import { LoadView, type LoadState, type RemoteContext, type WalletInfo } from '@sports/shared';
import type { WalletTab } from './walletCopy';
import { infoCopy } from './walletCopy';

/** What each tab of the wallet centre receives from it. */
export interface WalletTabProps {
  context: RemoteContext;
  /** `api/Balance/info`, read once by the centre. */
  info: LoadState<WalletInfo>;
  /** Reads the info again quietly (after a conversion, a withdrawal, a binding, a new password). */
  reloadInfo: () => void;
  retryInfo: () => void;
  /** Shows another tab (its links: 去绑定, 去设置…). */
  onTab: (tab: WalletTab) => void;
}

/** The wallet info's loading / failed states, then `children(info)`. */
export function InfoView({ info, retryInfo, children }: Pick<WalletTabProps, 'info' | 'retryInfo'> & { children: (info: WalletInfo) => ReactNode }) {
  return (
    <LoadView announceFailure state={info} failed={infoCopy.failed} onRetry={retryInfo}>
      {children}
    </LoadView>
  );
}
