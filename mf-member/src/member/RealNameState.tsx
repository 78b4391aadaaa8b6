import { LoadView, useLoad } from '@sports/shared';
import type { MemberApi } from '../api/memberApi';
import { profileCopy } from '../messages';

/** The personal centre's real-name line (`POST api/Member/getVerifiedInfo`: masked), with a way to verify. */
export function RealNameState({ api }: { api: MemberApi }) {
  const { state, retry } = useLoad('verified-info', () => api.verifiedInfo());
  return (
    <LoadView state={state} failed={profileCopy.failed} onRetry={retry}>
      {(info) =>
        info.is_verified === 1 ? (
          <span data-testid="real-name-state" data-verified="1">
            {profileCopy.realNameVerified(info.name ?? '')}
          </span>
        ) : (
          <span data-testid="real-name-state" data-verified="0">
            {profileCopy.realNameMissing} <a href="#/member?type=7">{profileCopy.realNameGo}</a>
          </span>
        )
      }
    </LoadView>
  );
}
