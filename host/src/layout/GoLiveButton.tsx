import { useAtomValue } from 'jotai';
import { sharedMessages, userInfoAtom } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { hostMessages } from '../messages';
import { PrimaryHeaderButton } from './headerButtons';

/** How long the please-log-in warning stays up (the original site's 3 s). */
export const LOGIN_WARNING_DURATION_MS = 3000;

/**
 * Go live: anchors go to their broadcast records (member type 9), other members to the
 * apply-to-be-anchor page (type 7); visitors are asked to log in first (SPEC.md section 6).
 */
export function GoLiveButton() {
  const services = useHostServices();
  const userInfo = useAtomValue(userInfoAtom);

  function goLive() {
    if (!userInfo) {
      services.eventBus.emit('toast', { kind: 'warning', message: sharedMessages.loginRequired, durationMs: LOGIN_WARNING_DURATION_MS });
      services.eventBus.emit('login:open', { mode: 'code' });
      return;
    }
    services.navigate(userInfo.is_anchor === 1 ? '/member?type=9' : '/member?type=7');
  }

  return <PrimaryHeaderButton onClick={goLive}>{hostMessages.nav.goLive}</PrimaryHeaderButton>;
}
