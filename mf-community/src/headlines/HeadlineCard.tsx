import styled from 'styled-components';
import { ChinaTime, type HeadlineItem } from '@sports/shared';
import { siteImage } from './format';
import { newsCopy } from './headlinesCopy';

const Card = styled.li`
  display: flex;
  gap: 12px;
  padding: 12px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:last-child {
    border-bottom: 0;
  }
`;

const Cover = styled.img`
  flex: none;
  width: 160px;
  height: 90px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.background};

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    width: 96px;
    height: 54px;
  }
`;

const Text = styled.div`
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 4px;

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.title};
  }
  h3 a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  h3 a:hover {
    color: ${({ theme }) => theme.colors.brandDark};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

/** `#/detail?id=`: an article's page. */
export const detailHref = (id: number) => `#/detail?id=${id}`;

/** One article in the news list: cover, title (the link), summary, category, time, views. Every text is React text. */
export function HeadlineCard({ item }: { item: HeadlineItem }) {
  const cover = siteImage(item.cover);
  return (
    <Card data-testid="headline-card" data-headline-id={item.id}>
      {cover !== undefined && <Cover src={cover} alt="" loading="lazy" />}
      <Text>
        <h3>
          <a href={detailHref(item.id)}>{item.title}</a>
        </h3>
        {item.summary !== '' && <p>{item.summary}</p>}
        <Meta>
          <span>{item.category_name}</span>
          <span>{item.author}</span>
          <ChinaTime at={item.published_at} format="dateTime" />
          <span data-testid="headline-views">{newsCopy.views(item.view_count)}</span>
        </Meta>
      </Text>
    </Card>
  );
}
