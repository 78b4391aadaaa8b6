const CHINA_DATE_TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** China time, as the site shows every time: 2026/11/22 19:30. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : CHINA_DATE_TIME.format(date);
}

/** Only site paths (`/uploads/…`, `/static/…`) are used as image sources; anything else shows no image. */
export function siteImage(src: string | null | undefined): string | undefined {
  return typeof src === 'string' && /^\/[^/\s][^\s]*$/.test(src) ? src : undefined;
}
