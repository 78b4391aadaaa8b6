import type { FanAlertKind } from '@sports/shared/server';

export interface AlertTextInput {
  kind: FanAlertKind;
  homeName: string;
  awayName: string;
  leagueName: string;
  homeScore: number | null;
  awayScore: number | null;
  side: 'home' | 'away' | null;
  minute: number | null;
  extraMinute: number | null;
  playerZh: string | null;
  anchorName: string;
  roomTitle: string;
}

/** Titles and texts of every alert (the popup, the browser notification, Web Push, the 赛事 tab): at most 60 / 300 characters. */
export function alertText(input: AlertTextInput): { title: string; body: string } {
  const score = `${input.homeName} ${input.homeScore ?? 0}-${input.awayScore ?? 0} ${input.awayName}`;
  const minute = input.minute === null ? '' : input.extraMinute ? `${input.minute}+${input.extraMinute}' ` : `${input.minute}' `;
  const who = input.side === 'home' ? input.homeName : input.side === 'away' ? input.awayName : '';
  const player = input.playerZh ? `（${input.playerZh}）` : '';
  const league = input.leagueName ? `${input.leagueName}：` : '';
  const cut = (text: string, max: number) => (Array.from(text).length <= max ? text : `${Array.from(text).slice(0, max - 1).join('')}…`);
  switch (input.kind) {
    case 'goal':
      return { title: cut(`进球！${who}`, 60), body: cut(`${league}${minute}${score}${player}`, 300) };
    case 'red_card':
      return { title: cut(`红牌！${who}`, 60), body: cut(`${league}${minute}${score}${player}`, 300) };
    case 'kickoff':
      return { title: '比赛开始', body: cut(`${league}${input.homeName} vs ${input.awayName}`, 300) };
    case 'fulltime':
      return { title: '比赛结束', body: cut(`${league}全场 ${score}`, 300) };
    case 'anchor_live':
      return { title: '关注的主播开播了', body: cut(`${input.anchorName}${input.roomTitle ? `：${input.roomTitle}` : ''}`, 300) };
  }
}
