import { escapeHtml } from './markdown';

/**
 * The cover of a match report: an SVG card split diagonally in the two teams' colours, with the
 * names and the score. The sports data has no kit colours, so each team gets one from a fixed
 * palette of classic kit colours by its id (stable: the same team always looks the same).
 * Text is XML-escaped; the SVG holds no script and is served with a sandboxing CSP.
 */

export const KIT_COLOURS = ['#c8102e', '#034694', '#6cabdd', '#fdb913', '#00a650', '#7a263a', '#ffffff', '#241f20', '#ef7d00', '#5c2d91', '#009edb', '#d71920'] as const;

export function teamColour(teamId: number): string {
  return KIT_COLOURS[Math.abs(teamId) % KIT_COLOURS.length] as string;
}

/** Black or white text, whichever reads on the colour. */
function inkOn(colour: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#111111' : '#ffffff';
}

export interface CoverCardInput {
  homeId: number;
  awayId: number;
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
  /** A caption under the score (the competition). */
  caption: string;
  /** A preview's card: this in place of the score ("VS"), and its own footer. */
  centre?: string;
  footer?: string;
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

export function coverCardSvg(card: CoverCardInput): string {
  let homeColour = teamColour(card.homeId);
  let awayColour = teamColour(card.awayId);
  if (homeColour === awayColour) awayColour = teamColour(card.awayId + 1);
  if (homeColour === awayColour) homeColour = '#222222';
  const home = escapeHtml(clip(card.home, 8));
  const away = escapeHtml(clip(card.away, 8));
  const caption = escapeHtml(clip(card.caption, 16));
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">',
    `<rect width="640" height="360" fill="${homeColour}"/>`,
    `<polygon points="380,0 640,0 640,360 260,360" fill="${awayColour}"/>`,
    '<rect x="220" y="120" width="200" height="120" rx="16" fill="#000000" fill-opacity="0.72"/>',
    `<text x="320" y="195" font-family="sans-serif" font-size="56" font-weight="700" fill="#ffffff" text-anchor="middle">${card.centre === undefined ? `${card.homeScore} - ${card.awayScore}` : escapeHtml(card.centre)}</text>`,
    `<text x="320" y="228" font-family="sans-serif" font-size="18" fill="#dddddd" text-anchor="middle">${caption}</text>`,
    `<text x="110" y="190" font-family="sans-serif" font-size="30" font-weight="700" fill="${inkOn(homeColour)}" text-anchor="middle">${home}</text>`,
    `<text x="530" y="190" font-family="sans-serif" font-size="30" font-weight="700" fill="${inkOn(awayColour)}" text-anchor="middle">${away}</text>`,
    `<text x="320" y="330" font-family="sans-serif" font-size="20" fill="#ffffff" fill-opacity="0.85" text-anchor="middle">${escapeHtml(card.footer ?? '赛事快讯 · 全场结束')}</text>`,
    '</svg>',
  ].join('');
}
