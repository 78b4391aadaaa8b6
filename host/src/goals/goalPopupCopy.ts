/**
 * Goal popups (SPEC.md sections 2-4): the side that scored, the minute, the teams and the score.
 * Beside the popups, in their chunk (goalAlertsView.ts), not in messages.ts: no first screen shows them.
 */
export const goalPopupCopy = {
  regionLabel: '进球提示',
  title: '进球！',
  homeScored: '主队进球',
  awayScored: '客队进球',
  close: (home: string, away: string) => `关闭进球提示：${home} 对 ${away}`,
} as const;
