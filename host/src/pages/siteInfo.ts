import { useAtomValue } from 'jotai';
import { systemConfigAtom } from '@sports/shared';

/**
 * The site's own details, shown on 关于我们 / 联系我们 / 用户协议 / 隐私政策 and in the footer. The
 * server's system config carries only the site title (siteTitle, used when loaded); the rest has
 * no server setting yet, so it is kept here, in one place, to edit before a launch.
 */
export const SITE_INFO = {
  /** The site's name until the system config has loaded (its siteTitle then). */
  name: '体育直播',
  operator: '体育直播网络科技有限公司',
  email: 'service@sports-live.example',
  phone: '400-800-0000',
  serviceHours: '每天 9:00–22:00（北京时间）',
  address: '北京市朝阳区体育路 1 号',
  /** The filing line every Chinese site shows at the foot of its pages. */
  icp: '京ICP备00000000号-1',
  /** When the terms and the privacy policy last changed (China date). */
  policiesUpdated: '2026年12月1日',
} as const;

/** The site's name: the system config's siteTitle once loaded, else SITE_INFO.name. */
export function useSiteName(): string {
  const title = useAtomValue(systemConfigAtom)?.siteTitle.trim();
  return title ? title : SITE_INFO.name;
}
