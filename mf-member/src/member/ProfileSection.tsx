import { useState } from 'react';
import styled from 'styled-components';
import { levelProgress, LoadView, PagePanel, useLoad, type UserProfile } from '@sports/shared';
import { memberApi } from '../api/memberApi';
import { profileCopy } from '../messages';
import { readProfile } from '../session/readProfile';
import type { MemberSectionProps } from '../pages/MemberPage';
import { applyProfileToSession } from '../session/applyProfile';
import { LinkList } from '../ui/Form';
import { levelText, safeImage } from '../ui/format';
import { AvatarEditor } from './AvatarEditor';
import { NicknameForm } from './NicknameForm';
import { InvitesPanel } from './InvitesPanel';
import { RealNameState } from './RealNameState';

const Summary = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;

  img {
    width: 72px;
    height: 72px;
    border-radius: 50%;
    object-fit: cover;
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 4px 12px;
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    align-items: flex-start;
    dl {
      align-items: center;
      gap: 0 12px;
    }
    dd a {
      display: inline-flex;
      align-items: center;
      min-width: 44px;
      min-height: 44px;
    }
  }
`;

/** member?type=0: the profile (`GET api/user/info`), avatar, nickname, level and links to the other sections. */
export default function ProfileSection({ context }: MemberSectionProps) {
  const api = memberApi(context.api);
  const { state, retry, setState } = useLoad('profile', () => readProfile(context));
  const [saved, setSaved] = useState<UserProfile | null>(null);

  /** A change the server accepted: this page and the host's user menu show it at once. */
  const onSaved = (profile: UserProfile) => {
    setSaved(profile);
    setState({ status: 'ready', data: profile });
    applyProfileToSession(context.store, profile);
  };

  return (
    <LoadView announceFailure state={state} failed={profileCopy.failed} onRetry={retry}>
      {(loaded) => {
        const profile = saved && saved.id === loaded.id ? { ...loaded, ...saved } : loaded;
        const avatar = safeImage(profile.avatar);
        return (
          <>
            <PagePanel aria-labelledby="member-profile-heading">
              <h2 id="member-profile-heading">{profileCopy.profile}</h2>
              <Summary>
                {avatar && <img src={avatar} alt={profileCopy.currentAvatar} data-testid="current-avatar" />}
                <dl>
                  <dt>{profileCopy.nickname}</dt>
                  <dd data-testid="profile-nickname">{profile.user_nickname}</dd>
                  <dt>{profileCopy.level}</dt>
                  <dd>
                    <span data-testid="profile-level">{levelText(profile.exp)}</span> <ExpProgress exp={profile.exp} />
                  </dd>
                  <dt>{profileCopy.realName}</dt>
                  <dd>
                    <RealNameState api={api} />
                  </dd>
                  <dt>{profileCopy.balance}</dt>
                  <dd>
                    {profile.balance} <a href="#/member?type=1&isRecharge=true">{profileCopy.recharge}</a>
                  </dd>
                </dl>
              </Summary>
            </PagePanel>
            <PagePanel aria-labelledby="member-avatar-heading">
              <h2 id="member-avatar-heading">{profileCopy.avatar}</h2>
              <AvatarEditor api={api} current={profile.avatar} onSaved={onSaved} />
            </PagePanel>
            <PagePanel aria-labelledby="member-nickname-heading">
              <h2 id="member-nickname-heading">{profileCopy.nickname}</h2>
              <NicknameForm api={api} current={profile.user_nickname} onSaved={onSaved} />
            </PagePanel>
            <InvitesPanel api={api} inviteCode={profile.invite_code} />
            <PagePanel aria-labelledby="member-links-heading">
              <h2 id="member-links-heading">{profileCopy.links}</h2>
              <LinkList>
                <li>
                  <a href="#/member?type=2">{profileCopy.myFollows}</a>
                </li>
                <li>
                  <a href="#/persona">{profileCopy.mySpace}</a>
                </li>
                <li>
                  {profile.is_anchor === 1 ? (
                    <a href="#/member?type=9">{profileCopy.broadcastRecords}</a>
                  ) : (
                    <a href="#/member?type=7">{profileCopy.applyAnchor}</a>
                  )}
                </li>
                <li>
                  <a href="#/member?type=1&isRecharge=true">{profileCopy.recharge}</a>
                </li>
                <li>
                  <a href="#/member?type=3">{profileCopy.walletCentre}</a>
                </li>
                <li>
                  <a href="#/member?type=4">{profileCopy.points}</a>
                </li>
                <li>
                  <a href="#/member?type=5">{profileCopy.medals}</a>
                </li>
              </LinkList>
            </PagePanel>
          </>
        );
      }}
    </LoadView>
  );
}

/** Exp now and where the next level starts (`levelProgress` of @sports/shared). */
function ExpProgress({ exp }: { exp: number }) {
  const progress = levelProgress(exp);
  return (
    <span data-testid="profile-exp">
      {progress.nextLevelAt === null ? profileCopy.expTop(progress.exp) : profileCopy.exp(progress.exp, progress.nextLevelAt)}
    </span>
  );
}
