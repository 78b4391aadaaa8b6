import { chinaDateTimeText, levelOf } from '@sports/shared';

/** China time, as the site shows every time: 2026/11/22 19:30. */
export function formatDateTime(iso: string): string {
  return chinaDateTimeText(iso);
}

/** A duration in seconds as 1小时05分 / 12分30秒 / 45秒. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours}小时${String(minutes).padStart(2, '0')}分`;
  if (minutes > 0) return `${minutes}分${String(rest).padStart(2, '0')}秒`;
  return `${rest}秒`;
}

/** Only site paths and http(s) addresses are used as image sources (outside input). */
export function safeImage(src: string | null | undefined): string | undefined {
  return typeof src === 'string' && /^(\/[^\s]*|https?:\/\/[^\s]+)$/.test(src) ? src : undefined;
}

/** The level of an exp total, from the one level table (@sports/shared levels): LV<n>. */
export function levelText(exp: number): string {
  return `LV${levelOf(exp)}`;
}

/** A level the server computed (the public page's `level`). */
export function levelLabel(level: number): string {
  return `LV${level}`;
}
