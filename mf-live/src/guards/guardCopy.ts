import { chinaDateKey } from '@sports/shared';

/** The guards' words on the room page (zh-CN). */
export const guardCopy = {
  panel: '守护',
  tiers: '选择守护等级',
  pricePerMonth: (coins: number) => `${coins} 金币/月`,
  months: '开通时长',
  monthOption: (months: number) => `${months} 个月`,
  total: (coins: number) => `共 ${coins} 金币`,
  upgradeNote: '升级将抵扣当前守护的剩余价值，实际扣除以结果为准',
  buy: '开通守护',
  renew: '续费守护',
  upgrade: '升级守护',
  buying: '开通中…',
  lowerNote: '您当前的守护等级更高，到期后才能开通较低等级的守护',
  balance: (coins: number) => `余额 ${coins}`,
  mine: (name: string, until: string) => `您是本直播间的${name}，有效期至 ${until}`,
  bought: (name: string, until: string) => `已开通${name}，有效期至 ${until}`,
  recharge: '去充值',
  unknown: '网络异常，开通结果未知',
  retry: '重试',
  failed: '守护加载失败',
  empty: '暂无守护等级',
  list: '守护榜',
  listEmpty: '暂无守护，快来成为第一位守护吧',
  listFailed: '守护榜加载失败',
  listTotal: (count: number) => `共 ${count} 位守护`,
  /** The badge's title (its text is the short tier name). */
  badgeTitle: (name: string) => `${name}`,
} as const;

/** The tiers by level as the badge names them (the server seeds these names; the chat carries only the level). */
export const GUARD_LEVEL_NAMES: Record<1 | 2 | 3, string> = { 1: '青铜守护', 2: '白银守护', 3: '黄金守护' };
export const GUARD_LEVEL_COLORS: Record<1 | 2 | 3, string> = { 1: '#8c5a2b', 2: '#5d6b7a', 3: '#8a6a00' };

/** yyyy-mm-dd in China time, for an expiry (@sports/shared's chinaTime). */
export function guardDate(iso: string): string {
  return chinaDateKey(iso);
}
