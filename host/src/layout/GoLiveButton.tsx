import { useAtomValue } from 'jotai';
import { userInfoAtom } from '@sports/shared';
import { useRequireLogin } from '../account/useRequireLogin';
import { useHostServices } from '../app/hostServices';
import { hostMessages } from '../messages';
import { PrimaryHeaderButton } from './headerButtons';

/**
 * Go live: anchors go to their broadcast records (member type 9), other members to the
 * apply-to-be-anchor page (type 7); visitors are asked to log in first (SPEC.md section 6).
 */
export function GoLiveButton() {
  const services = useHostServices();
  const userInfo = useAtomValue(userInfoAtom);
  const requireLogin = useRequireLogin();

  function goLive() {
    if (!requireLogin() || !userInfo) return;
    services.navigate(userInfo.is_anchor === 1 ? '/member?type=9' : '/member?type=7');
  }

  return <PrimaryHeaderButton onClick={goLive}>{hostMessages.nav.goLive}</PrimaryHeaderButton>;
}
