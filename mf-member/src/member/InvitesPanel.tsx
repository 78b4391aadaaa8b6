import { useState } from 'react';
import { LoadView, Muted, PagePanel, useLoad } from '@sports/shared';
import { Pager } from '@sports/shared/pageKit';
import { MEMBER_LIST_PAGE_SIZE, type MemberApi } from '../api/memberApi';
import { profileCopy } from '../messages';
import { formatDateTime, levelLabel, safeImage } from '../ui/format';

export interface InvitesPanelProps {
  api: MemberApi;
  inviteCode: string;
}

/** The member's invite code and who registered with it (`GET api/Member/inviteList`), newest first. */
export function InvitesPanel({ api, inviteCode }: InvitesPanelProps) {
  const [page, setPage] = useState(1);
  const { state, retry } = useLoad(`invites-${page}`, () => api.inviteList(page));
  return (
    <PagePanel aria-labelledby="member-invites-heading" data-testid="invites">
      <h2 id="member-invites-heading">{profileCopy.invites}</h2>
      <p>
        {profileCopy.inviteCode} <strong data-testid="invite-code">{inviteCode}</strong>
      </p>
      <Muted>{profileCopy.inviteHint}</Muted>
      <LoadView state={state} failed={profileCopy.inviteesFailed} onRetry={retry}>
        {(result) =>
          result.total === 0 ? (
            <Muted>{profileCopy.noInvitees}</Muted>
          ) : (
            <>
              <p data-testid="invitee-count">{profileCopy.invitees(result.total)}</p>
              <ul aria-label={profileCopy.invitees(result.total)}>
                {result.list.map((invitee) => {
                  const avatar = safeImage(invitee.avatar);
                  return (
                    <li key={invitee.user_id} data-testid="invitee">
                      {avatar && <img src={avatar} alt="" width={24} height={24} loading="lazy" />} {invitee.user_nickname} · {levelLabel(invitee.level)} ·{' '}
                      {profileCopy.joinedAt(formatDateTime(invitee.joined_at))}
                    </li>
                  );
                })}
              </ul>
              <Pager page={page} total={result.total} pageSize={MEMBER_LIST_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </LoadView>
    </PagePanel>
  );
}
