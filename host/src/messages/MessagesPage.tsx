import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Badge, Button, RelativeChinaTime, Tabs, userInfoAtom, type MemberMessage, type MessageTab } from '@sports/shared';
import { useCursorList } from '@sports/shared/pageKit';
import { useHostServices } from '../app/hostServices';
import { fetchMessages, markAllRead, markRead } from './messagesApi';
import { messagesCopy as copy } from './messagesCopy';
import { NotifySettingsPanel } from './NotifySettingsPanel';
import { unreadCountAtom } from './unreadAtom';

const TABS: readonly MessageTab[] = ['system', 'interaction', 'match'];

const Page = styled.section`
  max-width: 800px;
  margin: 0 auto;
  padding: 24px 16px 40px;
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.title};
  }
`;

const List = styled.ul`
  margin: 12px 0 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $unread: boolean }>`
  padding: 12px 16px;
  margin-bottom: 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $unread }) => ($unread ? theme.colors.brand : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme, $unread }) => ($unread ? theme.colors.text : theme.colors.textMuted)};

  h2 {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0 0 4px;
    font-size: ${({ theme }) => theme.font.body};
    font-weight: ${({ $unread }) => ($unread ? 700 : 400)};
  }
  p {
    margin: 0 0 6px;
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};

  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

const Note = styled.p`
  margin: 24px 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 8px;
`;

function tabLabel(tab: MessageTab, unread: number): string {
  return unread > 0 ? `${copy.tabs[tab]} ${unread > 99 ? '99+' : unread}` : copy.tabs[tab];
}

/** `#/messages?view=settings` (the user menu's 通知设置) opens the settings. */
function initialView(): 'messages' | 'settings' {
  const query = window.location.hash.split('?')[1] ?? '';
  return new URLSearchParams(query).get('view') === 'settings' ? 'settings' : 'messages';
}

/**
 * #/messages (and /h5#/messages): the message centre. Tabs 系统通知 / 互动 / 赛事, each newest
 * first with 加载更多 (keyset), 全部已读, an item read when opened or marked. A message pushed
 * while the page is open (the unread count of the shown tab grows) reloads the tab's first page.
 */
export function MessagesPage() {
  const { api } = useHostServices();
  const user = useAtomValue(userInfoAtom);
  const [counts, setCounts] = useAtom(unreadCountAtom);
  const [tab, setTab] = useState<MessageTab>('system');
  const [view, setView] = useState(initialView);
  // The user menu's 通知设置 while this page is open: the address changes, the page stays.
  useEffect(() => {
    const follow = () => setView(initialView());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const signedIn = user !== null;
  const { state, loadMore, retry, update } = useCursorList<MemberMessage>(signedIn ? tab : null, (cursor) =>
    fetchMessages(api, tab, cursor).then((page) => ({ list: page.list, next_cursor: page.next_cursor === null ? null : String(page.next_cursor) })),
  );

  // New messages of the shown tab arrived (pushed): its first page again.
  const shownUnread = counts?.[tab] ?? 0;
  const lastUnread = useRef({ tab, unread: shownUnread });
  useEffect(() => {
    const last = lastUnread.current;
    lastUnread.current = { tab, unread: shownUnread };
    if (last.tab === tab && shownUnread > last.unread) retry();
  }, [tab, shownUnread, retry]);

  if (!signedIn) return <Note>{copy.signInFirst}</Note>;

  const read = (message: MemberMessage) => {
    if (message.read) return;
    update((items) => items.map((item) => (item.id === message.id ? { ...item, read: true } : item)));
    markRead(api, message.id).then((answer) => {
      lastUnread.current = { tab, unread: answer[tab] };
      setCounts(answer);
    }, () => undefined);
  };
  const readAll = () => {
    markAllRead(api).then((answer) => {
      lastUnread.current = { tab, unread: answer[tab] };
      setCounts(answer);
      update((items) => items.map((item) => ({ ...item, read: true })));
    }, () => undefined);
  };

  if (view === 'settings') {
    return (
      <Page data-testid="message-centre">
        <Header>
          <h1>{copy.settings.title}</h1>
          <Button variant="secondary" size="small" onClick={() => setView('messages')} data-testid="message-settings-back">
            {copy.settingsBack}
          </Button>
        </Header>
        <NotifySettingsPanel />
      </Page>
    );
  }

  return (
    <Page data-testid="message-centre">
      <Header>
        <h1>{copy.title}</h1>
        <Button variant="ghost" size="small" onClick={() => setView('settings')} data-testid="message-settings-open">
          {copy.settingsOpen}
        </Button>
        <Button variant="secondary" size="small" onClick={readAll} disabled={(counts?.total ?? 0) === 0} data-testid="message-read-all">
          {copy.readAll}
        </Button>
      </Header>
      <Tabs label={copy.tabsLabel} items={TABS.map((key) => ({ key, label: tabLabel(key, counts?.[key] ?? 0) }))} selected={tab} onSelect={setTab} tabTestId={(key) => `message-tab-${key}`}>
        {state.status === 'loading' && <Note>{copy.loading}</Note>}
        {state.status === 'failed' && (
          <Note>
            {copy.failed}{' '}
            <Button variant="ghost" size="small" onClick={retry}>
              {copy.retry}
            </Button>
          </Note>
        )}
        {state.status === 'ready' && state.items.length === 0 && <Note data-testid="message-empty">{copy.empty[tab]}</Note>}
        {state.status === 'ready' && state.items.length > 0 && (
          <>
            <List data-testid="message-list">
              {state.items.map((message) => (
                <Item key={message.id} $unread={!message.read} data-testid="message-item" data-kind={message.kind} data-read={message.read ? 'true' : 'false'}>
                  <h2>
                    {!message.read && <Badge tone="live">{copy.unread}</Badge>}
                    {message.title}
                  </h2>
                  <p>{message.body}</p>
                  <Meta>
                    <RelativeChinaTime at={message.created_at} />
                    {message.link !== null && (
                      <a href={message.link} onClick={() => read(message)}>
                        {copy.open}
                      </a>
                    )}
                    {!message.read && (
                      <Button variant="ghost" size="small" onClick={() => read(message)}>
                        {copy.markRead}
                      </Button>
                    )}
                  </Meta>
                </Item>
              ))}
            </List>
            {state.cursor !== null && (
              <More>
                <Button variant="secondary" size="small" onClick={loadMore} disabled={state.more === 'loading'} data-testid="message-load-more">
                  {state.more === 'loading' ? copy.loadingMore : state.more === 'failed' ? copy.loadMoreFailed : copy.loadMore}
                </Button>
              </More>
            )}
          </>
        )}
      </Tabs>
    </Page>
  );
}
