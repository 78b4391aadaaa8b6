import type { ReactNode } from 'react';
import styled from 'styled-components';

/**
 * A list of videos shown by their pictures: goal clips (进球集锦), an anchor's replays (直播回放),
 * a match report's clips. `strip` is a row of four that scrolls sideways on a phone; `grid` fills
 * the width with cards at least 200 px wide. A list stays a `ul` (each card an `li`).
 */
export const MediaThumbList = styled.ul<{ $layout?: 'strip' | 'grid' }>`
  display: grid;
  grid-template-columns: ${({ $layout }) => ($layout === 'grid' ? 'repeat(auto-fill, minmax(200px, 1fr))' : 'repeat(4, minmax(0, 1fr))')};
  gap: 12px;
  margin: 0 0 12px;
  padding: 0;
  list-style: none;

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    ${({ $layout }) =>
      $layout === 'grid'
        ? ''
        : `grid-template-columns: none;
    grid-auto-flow: column;
    grid-auto-columns: 60%;
    overflow-x: auto;
    scroll-snap-type: x mandatory;
    & > li {
      scroll-snap-align: start;
    }`}
  }
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 4px;

  .media-thumb-body {
    display: flex;
    flex-direction: column;
    gap: 4px;
    color: inherit;
    text-decoration: none;
  }
  a.media-thumb-body:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: 2px;
  }
  .media-thumb-picture {
    position: relative;
    aspect-ratio: 16 / 9;
    border-radius: ${({ theme }) => theme.radius.medium};
    overflow: hidden;
    background: #000;
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .media-thumb-tag {
    position: absolute;
    left: 6px;
    bottom: 6px;
    padding: 0 6px;
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.textInverse};
    font-size: ${({ theme }) => theme.font.small};
  }
  .media-thumb-title {
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  .media-thumb-meta {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

export interface MediaThumbCardProps {
  /** Where the card leads (a clip's or a replay's page); none while it cannot be watched yet. */
  href?: string | null;
  /** The picture; the card shows a black 16:9 box without one. */
  thumbUrl?: string | null;
  title: string;
  /** A word on the picture (进球, 点球): decoration, the title says it too. */
  tag?: string;
  /** The link's accessible name when the title alone would not say what it opens (看回放：…). */
  label?: string;
  /** Facts under the title (a time, a length, a state badge). */
  meta?: ReactNode;
  /** Test and data attributes of the card (`data-clip-id`, `data-status`…). */
  cardProps?: Record<`data-${string}`, string | number | undefined>;
  linkTestId?: string;
}

/** One video of a `MediaThumbList`: its picture (with a tag), its title, its facts. */
export function MediaThumbCard({ href, thumbUrl, title, tag, label, meta, cardProps, linkTestId }: MediaThumbCardProps) {
  const body = (
    <>
      <span className="media-thumb-picture">
        {thumbUrl && <img src={thumbUrl} alt="" loading="lazy" />}
        {tag && (
          <span className="media-thumb-tag" aria-hidden="true">
            {tag}
          </span>
        )}
      </span>
      <strong className="media-thumb-title">{title}</strong>
    </>
  );
  return (
    <Card {...cardProps}>
      {href ? (
        <a className="media-thumb-body" href={href} aria-label={label} data-testid={linkTestId}>
          {body}
        </a>
      ) : (
        <div className="media-thumb-body">{body}</div>
      )}
      {meta && <span className="media-thumb-meta">{meta}</span>}
    </Card>
  );
}
