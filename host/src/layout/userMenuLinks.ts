import type { UserInfo } from '@sports/shared';
import { hostMessages } from '../messages';
import type { NavTarget } from './navItems';

const text = hostMessages.userMenu;

/** The user menu's links; anchors see their broadcast records instead of the anchor application. */
export function userMenuLinks(isAnchor: UserInfo['is_anchor']): NavTarget[] {
  return [
    { label: text.recharge, to: '/member?type=1&isRecharge=true' },
    { label: text.personalCentre, to: '/member?type=0' },
    { label: text.messageCentre, to: '/messages' },
    // 通知设置 (issue 39 part 2): the message centre's settings view (messages/NotifySettingsPanel.tsx).
    { label: text.notifySettings, to: '/messages?view=settings' },
    { label: text.myFollows, to: '/member?type=2' },
    { label: text.mySpace, to: '/persona' },
    isAnchor === 1
      ? { label: text.broadcastRecords, to: '/member?type=9' }
      : { label: text.applyAnchor, to: '/member?type=7' },
  ];
}
