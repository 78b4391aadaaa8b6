import type { Locator, Page } from '@playwright/test';

/** The pickers of the bar under a live room's player (mf-live/src/room/RoomActionBar.tsx), by their button and dialog names. */
const PICKERS = {
  gifts: '送礼物',
  guard: '开通守护',
  horn: '发喇叭',
  barrage: '发弹幕',
} as const;

export type RoomPicker = keyof typeof PICKERS;

/**
 * Opens one of the room's pickers from the bar under the player (a popover over the video; a
 * bottom sheet on a phone) and returns its dialog. `tap` on touch devices.
 */
export async function openRoomPicker(page: Page, picker: RoomPicker, how: 'click' | 'tap' = 'click'): Promise<Locator> {
  const name = PICKERS[picker];
  const button = page.getByRole('group', { name: '互动栏' }).getByRole('button', { name, exact: true });
  await (how === 'tap' ? button.tap() : button.click());
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}
