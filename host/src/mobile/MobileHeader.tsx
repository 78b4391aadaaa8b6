import { useLocation } from 'wouter';
import { canGoBackInSite } from '../routes/hashLocation';
import styled from 'styled-components';
import { IconButton } from '@sports/shared';
import { mobileCopy } from './mobileCopy';
import { MobileMessagesLink } from '../messages/MobileMessagesLink';
import { MIN_TOUCH_TARGET_PX, MOBILE_HEADER_HEIGHT_PX } from './mobileShellMetrics';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  display: grid;
  grid-template-columns: ${MIN_TOUCH_TARGET_PX}px 1fr ${MIN_TOUCH_TARGET_PX}px;
  align-items: center;
  min-height: ${MOBILE_HEADER_HEIGHT_PX}px;
  padding: env(safe-area-inset-top) calc(4px + env(safe-area-inset-right)) 0 calc(4px + env(safe-area-inset-left));
  background: ${({ theme }) => theme.colors.navBackground};
  color: ${({ theme }) => theme.colors.textInverse};
`;

/* Not a heading: the page itself has the one h1 (a remote's page frame names itself). */
const Title = styled.p`
  grid-column: 2;
  margin: 0;
  overflow: hidden;
  font-size: ${({ theme }) => theme.font.title};
  text-align: center;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const BackButton = styled(IconButton)`
  grid-column: 1;
  width: ${MIN_TOUCH_TARGET_PX}px;
  height: ${MIN_TOUCH_TARGET_PX}px;
  padding: 0;
  border-radius: 50%;
  font-size: 18px;

  &&:focus-visible {
    outline-color: ${({ theme }) => theme.colors.brandOnDark};
  }
`;

export interface MobileHeaderProps {
  title: string;
  /** A back button (pages that are not a tab's own). */
  showBack: boolean;
}

/**
 * The mobile shell's header: the route's title, and on pages that are not a tab's own a back
 * button. Back returns to the page before inside the site; a page opened directly (a shared link
 * to a room) has none, so back opens the home page instead of leaving the site.
 */
export function MobileHeader({ title, showBack }: MobileHeaderProps) {
  const [, navigate] = useLocation();
  const back = () => {
    if (canGoBackInSite()) window.history.back();
    else navigate('/main', { replace: true });
  };
  return (
    <Bar data-testid="mobile-header">
      {showBack && (
        <BackButton label={mobileCopy.back} icon="‹" onClick={back} />
      )}
      <Title data-testid="mobile-title">{title}</Title>
      <MobileMessagesLink />
    </Bar>
  );
}
