import styled from 'styled-components';
import { IconButton } from '@sports/shared';
import { hostMessages } from '../messages';
import type { GoalPopup } from './useGoalPopups';

const copy = hostMessages.goals;

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
  popups: readonly GoalPopup[];
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
          </Popup>
        );
      })}
    </Stack>
  );
}
