import { atom } from 'jotai';
import type { MessageUnreadCount } from '@sports/shared';

/** The signed-in member's unread messages (null: not read yet, or a guest); the badge and the page share it. */
export const unreadCountAtom = atom<MessageUnreadCount | null>(null);
