import type { HTMLAttributes } from 'react';
import { chinaMinuteText, chinaRelativeText } from '../time/chinaTime';

export interface RelativeChinaTimeProps extends Omit<HTMLAttributes<HTMLElement>, 'children' | 'title'> {
  /** The instant (ISO 8601 with an offset, as the API sends it). */
  at: string;
  /** The page's clock; for tests. */
  now?: number;
}

/**
 * When a post, a comment or a feed item happened, as everywhere on the site (time/README.md):
 * `<time>` with the China-time relative text (刚刚, 5分钟前, 昨天 21:55…), the exact China time
 * ('2026-11-22 21:55') as its tooltip and the instant as `dateTime`. Every page that shows the
 * same item shows the same text.
 */
export function RelativeChinaTime({ at, now, ...rest }: RelativeChinaTimeProps) {
  return (
    <time dateTime={at} title={chinaMinuteText(at)} {...rest}>
      {chinaRelativeText(at, now ?? Date.now())}
    </time>
  );
}
