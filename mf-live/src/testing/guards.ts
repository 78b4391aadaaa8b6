import type { GuardTierList } from '@sports/shared';

/** The guard tiers as the server seeds them (migration 0014), for unit tests. */
export const TIERS: GuardTierList = [
  { id: 1, name: '青铜守护', level: 1, price: 100, color: '#b87333', icon: 'shield', privileges: ['专属守护徽章', '进场提示'] },
  { id: 2, name: '白银守护', level: 2, price: 500, color: '#8a9bb0', icon: 'shield', privileges: ['专属守护徽章', '进场提示', '守护榜优先展示'] },
  { id: 3, name: '黄金守护', level: 3, price: 2000, color: '#d4a017', icon: 'crown', privileges: ['专属守护徽章'] },
];
