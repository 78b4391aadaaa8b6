import type { ChatGiftPayload } from '@sports/shared';

/** Sends with the same comboKey closer than this to the last one show as one growing xN. */
export const GIFT_COMBO_WINDOW_MS = 5_000;
/** How long a show stays, by tier (1 small, 2 medium, 3 full width); a combo hit restarts it. */
export const GIFT_SHOW_MS: Record<1 | 2 | 3, number> = { 1: 2_500, 2: 3_500, 3: 5_000 };
/** With prefers-reduced-motion: a short static banner, whatever the tier. */
export const GIFT_REDUCED_SHOW_MS = 2_000;
/** Shows waiting at most; a flood drops the oldest small ones first. */
export const GIFT_QUEUE_MAX = 30;

/** One animation: a gift (or a combo of it) from one sender. */
export interface GiftShow {
  /** The first send's record id. */
  id: string;
  gift: ChatGiftPayload;
  /** The combo's total so far. */
  count: number;
  /** When the last send of the combo arrived (ms). */
  lastAt: number;
  /** Bumped on each combo hit: restarts the show's timer and the xN pop. */
  version: number;
}

export interface GiftQueueState {
  current: GiftShow | null;
  queue: GiftShow[];
}

export const EMPTY_GIFT_QUEUE: GiftQueueState = { current: null, queue: [] };

export type GiftQueueAction = { type: 'add'; gift: ChatGiftPayload; at: number } | { type: 'finish'; id: string; version: number };

function joins(show: GiftShow, gift: ChatGiftPayload, at: number): boolean {
  return gift.combo === 1 && show.gift.comboKey === gift.comboKey && at - show.lastAt <= GIFT_COMBO_WINDOW_MS;
}

/**
 * The animation queue: one show at a time, the next when it ends. A combo-able gift with the
 * same comboKey as the one playing (or waiting) within the window adds to its xN instead of
 * queueing another show.
 */
export function giftQueueReducer(state: GiftQueueState, action: GiftQueueAction): GiftQueueState {
  if (action.type === 'finish') {
    if (!state.current || state.current.id !== action.id || state.current.version !== action.version) return state;
    const [next = null, ...rest] = state.queue;
    return { current: next, queue: rest };
  }
  const { gift, at } = action;
  const grow = (show: GiftShow): GiftShow => ({ ...show, count: show.count + gift.count, lastAt: at, version: show.version + 1 });
  if (state.current && joins(state.current, gift, at)) return { ...state, current: grow(state.current) };
  const waiting = state.queue.findIndex((show) => joins(show, gift, at));
  if (waiting >= 0) return { ...state, queue: state.queue.map((show, index) => (index === waiting ? grow(show) : show)) };
  const show: GiftShow = { id: gift.recordId, gift, count: gift.count, lastAt: at, version: 0 };
  if (!state.current) return { current: show, queue: state.queue };
  let queue = [...state.queue, show];
  if (queue.length > GIFT_QUEUE_MAX) {
    const small = queue.findIndex((item) => item.gift.tier === 1);
    queue = queue.filter((_, index) => index !== (small >= 0 ? small : 0));
  }
  return { ...state, queue };
}
