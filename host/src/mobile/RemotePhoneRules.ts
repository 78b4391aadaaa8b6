import { createGlobalStyle } from 'styled-components';
import { NARROW_SCREEN_WIDTH_PX } from '../narrowScreen';

/** What a remote renders: its pages (RemotePageFrame's `data-remote`) and its widgets (RemoteWidget's area). */
const remoteContent = ":is([data-remote], [data-testid^='remote-area-'])";

/** Where a phone's fingers and keyboard meet controls: the remotes' content and the shell's dialogs (feedback/DialogFrame.tsx's backdrop: the login sheet, 确认退出, notices). */
const tappedContent = ":is([data-remote], [data-testid^='remote-area-'], [data-testid='dialog-backdrop'])";

/**
 * The phone rules of the remotes' pages and widgets on /h5 (rendered by MobileLayout, so the
 * desktop site never loads them): touch targets of at least 44 px, form fields at 16 px (no zoom
 * on focus in iOS Safari), long words wrapped and media kept inside the screen. Scoped to what
 * the remotes render, so the shell's own parts keep their looks, except the shell's dialogs, whose
 * controls and fields follow the same touch and zoom rules; each remote's own layout for a
 * phone (the room's player over its chat, the boards' cards) lives in its components' media queries.
 */
export const RemotePhoneRules = createGlobalStyle`
  @media (max-width: ${NARROW_SCREEN_WIDTH_PX}px) {
    ${remoteContent} {
      overflow-wrap: anywhere;
    }
    ${remoteContent} :is(img, video, canvas, iframe, table) {
      max-width: 100%;
    }
    ${tappedContent} :is(button, select, summary, [role='tab'], input:not([type='checkbox'], [type='radio'], [type='range']), textarea):not([role='switch']) {
      min-height: 44px;
    }
    ${tappedContent} :is(button, [role='tab']):not([role='switch']) {
      min-width: 44px;
    }
    ${tappedContent} :is(input, select, textarea) {
      font-size: 16px;
    }
    ${remoteContent} > header > a {
      display: inline-flex;
      align-items: center;
      min-height: 44px;
    }
    ${tappedContent} label:has(> input[type='checkbox'], > input[type='radio'], > [role='switch']) {
      min-height: 44px;
    }
  }
`;
