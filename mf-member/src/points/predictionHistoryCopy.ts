import type { PredictionState } from '@sports/shared';

/** 我的竞猜's words (member?type=4). */
export const predictionHistoryCopy = {
  heading: '我的竞猜',
  failed: '竞猜记录加载失败',
  empty: '还没有参与过竞猜',
  state: { open: '进行中', locked: '已截止', settled: '已结算', cancelled: '已取消', refunded: '已退还' } satisfies Record<PredictionState, string>,
  pick: (label: string, amount: number) => `投「${label}」${amount} 积分`,
  result: (label: string) => `结果：${label}`,
  pending: '待结算',
  won: (points: number) => `获得 ${points} 积分`,
  lost: '未猜中',
  refunded: (points: number) => `退还 ${points} 积分`,
  more: '更多记录',
  moreFailed: '加载失败，点击重试',
} as const;
