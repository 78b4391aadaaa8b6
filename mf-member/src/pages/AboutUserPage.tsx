import { useAtomValue } from 'jotai';
import { useState } from 'react';
import styled from 'styled-components';
import { LoadView, Muted, PagePanel, RemotePageFrame, requireLogin, Button, useLoad, userInfoAtom, type RemotePageProps } from '@sports/shared';
import { memberApi, type PublicUserInfo } from '../api/memberApi';
import { AnchorFansPanel } from '../medals/AnchorFansPanel';
import { ReplayListSection } from '../member/ReplayListSection';
import { UserPostsSection } from '../member/UserPostsSection';
import { aboutUserCopy, commonCopy, pageCopy } from '../messages';
import { levelLabel, safeImage } from '../ui/format';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 16px;

  img {
    width: 72px;
    height: 72px;
    border-radius: 50%;
    object-fit: cover;
  }
  h2 {
    margin: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

/** `?id=` (also `?user_id=`): a positive integer, else null. */
export function userIdOf(query: Record<string, string>): number | null {
  const raw = query.id ?? query.user_id;
  if (raw === undefined || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  return Number(raw);
}

/** about-user?id=: another user's public page (`GET api/User/getUserInfo?user_id=`) with follow / unfollow, an anchor's replays (直播回放) and their posts. */
export default function AboutUserPage({ context, location }: RemotePageProps) {
  const me = useAtomValue(userInfoAtom);
  const userId = userIdOf(location.query);
  const api = memberApi(context.api);
  const { state, retry, setState } = useLoad(userId === null ? null : `user-${userId}-${me?.id ?? 'guest'}`, () => api.publicUser(userId ?? 0));
  const [busy, setBusy] = useState(false);

  const toggleFollow = async (user: PublicUserInfo) => {
    if (!requireLogin(context) || busy) return;
    setBusy(true);
    try {
      const result = await api.attention({ anchor_id: user.id, attention: user.is_attention === 1 ? 0 : 1 });
      setState({ status: 'ready', data: { ...user, is_attention: result.is_attention, fans: result.fans } });
    } catch {
      // The API client shows the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <RemotePageFrame remote="mf-member" page="about-user" title={pageCopy['about-user']?.title ?? ''}>
      {userId === null ? (
        <Muted>{aboutUserCopy.missingId}</Muted>
      ) : (
        <LoadView announceFailure state={state} failed={aboutUserCopy.failed} onRetry={retry}>
          {(user) => {
            const avatar = safeImage(user.avatar);
            const itsMe = me?.id !== undefined && me.id === user.id;
            const followed = user.is_attention === 1;
            return (
              <>
                <PagePanel aria-labelledby="about-user-heading" data-testid="public-profile">
                  <Head>
                    {avatar && <img src={avatar} alt={commonCopy.avatarOf(user.user_nickname)} />}
                    <div>
                      <h2 id="about-user-heading">{user.user_nickname}</h2>
                      <span>{levelLabel(user.level)}</span> {user.is_anchor === 1 && <span>{aboutUserCopy.anchor}</span>}{' '}
                      <span data-testid="fans-count">{aboutUserCopy.fans(user.fans)}</span>
                    </div>
                    {itsMe ? (
                      <span>
                        {aboutUserCopy.itsYou} <a href="#/member?type=0">{aboutUserCopy.editProfile}</a>
                      </span>
                    ) : (
                      (user.is_anchor === 1 || followed) && (
                        <Button type="button" data-testid="follow-button" aria-pressed={followed} disabled={busy} onClick={() => void toggleFollow(user)}>
                          {followed ? aboutUserCopy.followed : aboutUserCopy.follow}
                        </Button>
                      )
                    )}
                  </Head>
                </PagePanel>
                <PagePanel aria-labelledby="about-user-room-heading">
                  <h2 id="about-user-room-heading">{aboutUserCopy.room}</h2>
                  {user.room ? (
                    <p data-testid="user-room" data-live={user.room.is_live === 1}>
                      <a href={`#/live?id=${user.room.room_id}`}>{user.room.title || aboutUserCopy.enterRoom}</a>{' '}
                      <span>{user.room.is_live === 1 ? commonCopy.live : commonCopy.offline}</span>
                    </p>
                  ) : (
                    <Muted>{aboutUserCopy.noRoom}</Muted>
                  )}
                </PagePanel>
                {user.is_anchor === 1 && <ReplayListSection context={context} anchorId={user.id} />}
                {user.is_anchor === 1 && <AnchorFansPanel context={context} anchorId={user.id} />}
                <UserPostsSection context={context} userId={user.id} />
              </>
            );
          }}
        </LoadView>
      )}
    </RemotePageFrame>
  );
}
