import { LoadView, Muted, PagePanel, useLoad } from '@sports/shared';
import { memberApi } from '../api/memberApi';
import { walletCopy } from '../messages';
import type { MemberSectionProps } from '../pages/MemberPage';
import { readProfile } from '../session/readProfile';

/**
 * member?type=1 (isRecharge=true): the wallet's own issue builds recharge and withdrawal; until
 * then the balance, read-only, from the fresh profile (`balance`, integer units; 0 shows as 0).
 */
export default function WalletSection({ context }: MemberSectionProps) {
  const { state, retry } = useLoad('wallet', () => readProfile(context));
  return (
    <PagePanel aria-labelledby="member-wallet-heading">
      <h2 id="member-wallet-heading">{walletCopy.balance}</h2>
      <LoadView announceFailure state={state} failed={walletCopy.failed} onRetry={retry}>
        {(profile) => (
          <>
            <p data-testid="wallet-balance">{String(profile.balance ?? 0)}</p>
            <Muted>{walletCopy.note}</Muted>
          </>
        )}
      </LoadView>
    </PagePanel>
  );
}
