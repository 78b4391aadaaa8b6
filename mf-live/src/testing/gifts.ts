import type { ChatGiftPayload, Gift } from '@sports/shared';

let record = 100;

/** A chat gift payload as the server posts it; override what the test is about. */
export function giftPayload(overrides: Partial<ChatGiftPayload> = {}): ChatGiftPayload {
  record += 1;
  const senderId = overrides.senderId ?? '77';
  const giftId = overrides.giftId ?? 3;
  return {
    recordId: String(record),
    giftId,
    name: '足球',
    icon: '/static/gifts/football.svg',
    tier: 1,
    combo: 1,
    count: 1,
    coins: 10,
    senderId,
    senderNickname: '球迷甲',
    comboKey: `${senderId}:${giftId}`,
    ...overrides,
  };
}

export const CATALOGUE: Gift[] = [
  { id: 1, name: '鲜花', icon: '/static/gifts/flower.svg', price: 1, tier: 1, combo: 1 },
  { id: 3, name: '足球', icon: '/static/gifts/football.svg', price: 10, tier: 1, combo: 1 },
  { id: 5, name: '火箭', icon: '/static/gifts/rocket.svg', price: 1000, tier: 3, combo: 0 },
];
