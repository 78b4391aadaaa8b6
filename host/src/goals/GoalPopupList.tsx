import styled from 'styled-components';
import { IconButton } from '@sports/shared';
import { goalPopupCopy } from './goalPopupCopy';
import { alertCopy } from './alertCopy';
import { clipPageHref, goalClipCopy } from './clipCopy';
import { isAlertPopup, isClipPopup, type AnyGoalPopup } from './useGoalPopups';

const copy = goalPopupCopy;

const Stack = styled.section`
  position: fixed;
  right: 16px;
  bottom: 16px;
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: 300px;
  max-width: calc(100vw - 32px);
  pointer-events: none;
`;

const Popup = styled.div`
  padding: 10px 12px;
  border-top: 4px solid ${({ theme }) => theme.colors.home};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.body};
  box-shadow: 0 6px 20px rgba(0, 0, 0, 0.22);
  /* Clicks pass through to the page: only the close button takes them. */
  pointer-events: none;

  &[data-side='away'] {
    border-top-color: ${({ theme }) => theme.colors.away};
  }
`;

const Heading = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;

  strong {
    color: ${({ theme }) => theme.colors.brandDark};
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/* One class only: the mobile shell's 44 px rule (mobile/MobileShellStyle.ts) must still win. */
const Close = styled(IconButton)`
  margin-left: auto;
  width: 28px;
  height: 28px;
  padding: 0;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 15px;
  pointer-events: auto;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** 看回放: a link that takes clicks (the popup itself lets them through to the page). */
const Watch = styled.a`
  display: inline-block;
  margin-top: 6px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.textInverse};
  text-decoration: none;
  pointer-events: auto;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: 2px;
  }
`;

const ClipTitle = styled.p`
  margin: 6px 0 0;
  overflow-wrap: anywhere;
`;

const Teams = styled.p`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  gap: 8px;
  align-items: center;
  margin: 6px 0 0;

  span:first-child {
    text-align: right;
  }
  span[data-scored='true'] {
    font-weight: bold;
  }
  b {
    font-size: ${({ theme }) => theme.font.title};
  }
`;

export interface GoalPopupListProps {
  popups: readonly AnyGoalPopup[];
  onClose: (seq: number) => void;
  /** Whether the whistle is sounding (data-whistle, for tests and tools). */
  whistling: boolean;
}

/**
 * The stacked goal popups, bottom right, out of the way of the page and its dialogs: only their
 * close buttons take clicks, so a popup never blocks what is under it. On the mobile shell they
 * span the screen less margins, just above the bottom tab bar (mobile/MobileShellStyle.ts).
 */
export function GoalPopupList({ popups, onClose, whistling }: GoalPopupListProps) {
  return (
    <Stack aria-label={copy.regionLabel} data-testid="goal-alerts" data-whistle={whistling ? 'playing' : 'idle'}>
      {popups.map((popup) => {
        if (isAlertPopup(popup)) {
          const { alert } = popup;
          return (
            <Popup key={popup.seq} role="status" data-testid="fan-alert-popup" data-seq={popup.seq} data-kind={alert.kind} data-alert-id={alert.id} data-match-id={popup.match_id ?? undefined} data-side={alert.side ?? undefined}>
              <Heading>
                <strong>{alert.title}</strong>
                <Close label={alertCopy.close(alert.title)} icon="×" onClick={() => onClose(popup.seq)} />
              </Heading>
              <ClipTitle>{alert.body}</ClipTitle>
              <Watch href={alert.link} data-testid="fan-alert-link">
                {alert.kind === 'anchor_live' ? alertCopy.enterRoom : alertCopy.openMatch}
              </Watch>
            </Popup>
          );
        }
        if (isClipPopup(popup)) {
          const heading = goalClipCopy.titles[popup.clipKind] ?? goalClipCopy.titles.goal ?? '';
          return (
            <Popup key={popup.seq} role="status" data-testid="goal-clip-popup" data-seq={popup.seq} data-match-id={popup.match_id ?? undefined} data-clip-id={popup.clipId}>
              <Heading>
                <strong>{heading}</strong>
                <Close label={goalClipCopy.close(popup.title)} icon="×" onClick={() => onClose(popup.seq)} />
              </Heading>
              <ClipTitle>{popup.title}</ClipTitle>
              <Watch href={clipPageHref(popup.clipId)} aria-label={goalClipCopy.watchLabel(popup.title)} data-testid="goal-watch-clip">
                {goalClipCopy.watch}
              </Watch>
            </Popup>
          );
        }
        const home = popup.iszhu === 1;
        return (
          <Popup key={popup.seq} role="status" data-testid="goal-popup" data-seq={popup.seq} data-match-id={popup.match_id} data-side={home ? 'home' : 'away'}>
            <Heading>
              <strong>{copy.title}</strong>
              <span>{home ? copy.homeScored : copy.awayScored}</span>
              <span data-testid="goal-minute">{popup.match_str}</span>
              <Close label={copy.close(popup.home_team_name_zh, popup.away_team_name_zh)} icon="×" onClick={() => onClose(popup.seq)} />
            </Heading>
            <Teams>
              <span data-scored={home}>{popup.home_team_name_zh}</span>
              <b>
                {popup.home_score}-{popup.away_score}
              </b>
              <span data-scored={!home}>{popup.away_team_name_zh}</span>
            </Teams>
            {popup.clip && (
              <Watch href={clipPageHref(popup.clip.clipId)} aria-label={goalClipCopy.watchLabel(popup.clip.title)} data-testid="goal-watch-clip" data-clip-id={popup.clip.clipId}>
                {goalClipCopy.watch}
              </Watch>
            )}
          </Popup>
        );
      })}
    </Stack>
  );
}
