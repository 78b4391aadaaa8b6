/** What the points page (member?type=4) says. */
export const pointsCopy = {
  balanceHeading: '我的积分',
  balance: (points: number) => `${points} 积分`,
  earnedToday: (points: number) => `今日已获得 ${points} 积分`,
  /** Issue 35: the member centre says it. */
  rule: '积分不能用金钱购买，也不能提现或兑换成金币。',
  failed: '积分加载失败',
  checkInHeading: '每日签到',
  checkIn: '每日签到',
  checkingIn: '签到中…',
  checkedIn: '今日已签到',
  checkedInNotice: (points: number, streak: number) => `签到成功，+${points} 积分（已连续签到 ${streak} 天）`,
  streak: (days: number) => (days === 0 ? '还没有连续签到' : `已连续签到 ${days} 天`),
  todayPays: (points: number) => `今日签到可得 ${points} 积分`,
  todayPaid: (points: number) => `今日签到获得 ${points} 积分`,
  tableLabel: '连续签到奖励',
  tableDay: (day: number, last: boolean) => (last ? `第${day}天起` : `第${day}天`),
  tasksHeading: '每日任务',
  tasks: {
    watch: { name: '观看直播', how: (interval: string, points: number) => `每观看 ${interval}得 ${points} 积分` },
    chat: { name: '发言互动', how: (_interval: string, points: number) => `每条聊天或弹幕得 ${points} 积分` },
  },
  progress: (done: number, cap: number) => `${done}/${cap}`,
  taskDone: '已完成',
  taskEarned: (points: number) => `今日 +${points}`,
  historyHeading: '积分明细',
  historyEmpty: '还没有积分记录，去签到或看直播吧',
  historyFailed: '积分明细加载失败',
  more: '更多记录',
  moreFailed: '加载失败，点击重试',
  kinds: { points_checkin: '每日签到', points_watch: '观看直播', points_chat: '发言互动', prediction_stake: '竞猜下注', prediction_payout: '竞猜奖励', prediction_refund: '竞猜退还' } as Record<string, string>,
  otherKind: '积分变动',
} as const;

/** A watch interval as the task's line says it: `10 分钟`, or `30 秒` when not whole minutes. */
export function intervalText(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} 分钟` : `${seconds} 秒`;
}
