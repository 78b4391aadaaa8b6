import styled from 'styled-components';
import { ChinaTime, useLoad, WidgetPanel, type PortalFeedEntry, type RemoteWidgetProps } from '@sports/shared';
import { headlinesApi } from '../api/headlinesApi';
import { siteImage } from '../headlines/format';
import { detailHref } from '../headlines/HeadlineCard';
import { widgetCopy } from '../widgetCopy';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 6px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:last-child {
    border-bottom: 0;
  }
  a {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.brandDark};
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    a {
      min-height: 44px;
      line-height: 44px;
    }
    > span:has(time) {
      display: none;
    }
  }
`;

const Thumb = styled.img`
  flex: none;
  width: 64px;
  height: 36px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.small};
`;

const Tag = styled.span`
  flex: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

function FeedRow({ entry }: { entry: PortalFeedEntry }) {
  if (entry.kind === 'headline') {
    const { headline } = entry;
    const cover = siteImage(headline.cover);
    return (
      <Row data-testid="headlines-widget-item" data-kind="headline" data-headline-id={headline.id}>
        {cover !== undefined && <Thumb src={cover} alt="" loading="lazy" />}
        <a href={detailHref(headline.id)}>{headline.title}</a>
        <Tag>
          <ChinaTime at={headline.published_at} format="dateTime" />
        </Tag>
      </Row>
    );
  }
  const { post } = entry;
  return (
    <Row data-testid="headlines-widget-item" data-kind="post" data-post-id={post.id}>
      <Tag>{widgetCopy.postTag}</Tag>
      <a href={`#/circle-detail?id=${post.id}`}>{post.text === '' ? widgetCopy.postWithImages : post.text}</a>
      <Tag>{post.user_nickname}</Tag>
    </Row>
  );
}

/**
 * The home page's headlines: the portal feed (`api/Portal_post/getList2`: the newest headlines
 * interleaved with the circle's hot posts), each a link to its article or post; leads to #/news.
 */
export default function HeadlinesWidget({ context }: RemoteWidgetProps) {
  const { state } = useLoad('portal-feed', () => headlinesApi(context.api).portal());
  return (
    <WidgetPanel widgetId="headlines" remote="mf-community" title={widgetCopy.headlinesTitle} action={<a href="#/news">{widgetCopy.more}</a>} loading={state.status === 'loading'}>
      {state.status === 'loading' && <p role="status">{widgetCopy.loading}</p>}
      {state.status === 'failed' && <p>{widgetCopy.failed}</p>}
      {state.status === 'ready' && state.data.list.length === 0 && <p>{widgetCopy.noHeadlines}</p>}
      {state.status === 'ready' && state.data.list.length > 0 && (
        <List aria-label={widgetCopy.headlinesTitle} data-testid="headlines-widget-list">
          {state.data.list.map((entry) => (
            <FeedRow key={entry.kind === 'headline' ? `h${entry.headline.id}` : `p${entry.post.id}`} entry={entry} />
          ))}
        </List>
      )}
    </WidgetPanel>
  );
}
