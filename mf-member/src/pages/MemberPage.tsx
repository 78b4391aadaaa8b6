import { lazy, Suspense, type ComponentType } from 'react';
import { Muted, PageLoading, RemotePageFrame, type RemotePageProps, type UserInfo, useMemberOnly } from '@sports/shared';
import { commonCopy, sectionTitles } from '../messages';

/** What each section of the member centre receives. */
export interface MemberSectionProps extends RemotePageProps {
  user: UserInfo;
}

type SectionType = keyof typeof sectionTitles;

// Each section is its own chunk: the broadcast records (with its chart) load only for type 9.
const sections: Record<SectionType, ComponentType<MemberSectionProps>> = {
  '0': lazy(() => import('../member/ProfileSection')),
  '1': lazy(() => import('../member/WalletSection')),
  '2': lazy(() => import('../member/FollowsSection')),
  '3': lazy(() => import('../wallet/WalletCentre')),
  '4': lazy(() => import('../points/PointsCentre')),
  '5': lazy(() => import('../medals/MedalsSection')),
  '7': lazy(() => import('../member/AnchorApplySection')),
  '9': lazy(() => import('../member/BroadcastRecordsSection')),
};

/** `member?type=`: 0 personal centre (also any unknown type), 1 wallet, 2 follows, 3 wallet centre, 4 points (积分), 5 fan medals (粉丝勋章), 7 apply to be anchor, 9 broadcast records. */
export function sectionOf(type: string | undefined): SectionType {
  return type !== undefined && type in sections ? (type as SectionType) : '0';
}

/** The member centre (SPEC.md section 2, route `member`): members only. */
export default function MemberPage(props: RemotePageProps) {
  const user = useMemberOnly(props.context);
  const type = sectionOf(props.location.query.type);
  const Section = sections[type];
  return (
    <RemotePageFrame remote="mf-member" page="member" title={sectionTitles[type]}>
      {user === null ? (
        <Muted>{commonCopy.loginRequired}</Muted>
      ) : (
        <Suspense fallback={<PageLoading />}>
          <Section {...props} user={user} />
        </Suspense>
      )}
    </RemotePageFrame>
  );
}
