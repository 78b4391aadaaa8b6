import type { MatchCentreSide } from '@sports/shared/matchCentre';

/** A rating as shown: one decimal (6.8), – before the player has one. */
export const ratingText = (rating: number | null) => (rating === null ? '–' : rating.toFixed(1));

/** How a rating is coloured (FotMob's bands): 8 and up excellent, 7 good, 6 average, below poor. */
export function ratingBand(rating: number | null): 'none' | 'poor' | 'average' | 'good' | 'excellent' {
  if (rating === null) return 'none';
  if (rating >= 8) return 'excellent';
  if (rating >= 7) return 'good';
  if (rating >= 6) return 'average';
  return 'poor';
}

export const RATING_COLOURS = { none: '#5c6370', poor: '#c62828', average: '#b35c00', good: '#1b7a43', excellent: '#1565c0' } as const;

/** A football minute: 23', 45+2'. */
export const minuteText = (minute: number, extra = 0) => (extra > 0 ? `${minute}+${extra}'` : `${minute}'`);

/** Expected goals with two decimals. */
export const xgText = (xg: number) => xg.toFixed(2);

/** Game time m:ss from seconds. */
export const clockText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The team's name of a side. */
export const sideName = (side: MatchCentreSide, home: string, away: string) => (side === 'home' ? home : away);
