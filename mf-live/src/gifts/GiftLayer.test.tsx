import '../testing/setup';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteRoot } from '@sports/shared';
import { createTestContext } from '@sports/shared/testing';
import { giftPayload } from '../testing/gifts';
import { GiftLayer, type GiftEvent } from './GiftLayer';
import { GIFT_REDUCED_SHOW_MS, GIFT_SHOW_MS } from './giftQueue';

let counter = 0;
function event(overrides: Parameters<typeof giftPayload>[0] = {}): GiftEvent {
  counter += 1;
  return { id: `m${counter}`, gift: giftPayload(overrides), at: Date.now() };
}

function renderLayer(events: GiftEvent[]) {
  const context = createTestContext();
  const view = render(
    <RemoteRoot context={context}>
      <GiftLayer events={events} />
    </RemoteRoot>,
  );
  return (next: GiftEvent[]) =>
    view.rerender(
      <RemoteRoot context={context}>
        <GiftLayer events={next} />
      </RemoteRoot>,
    );
}

const show = () => screen.queryByTestId('gift-show');

describe('gift animation layer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows gifts one after another by tier; what was there at mount is not shown', () => {
    const old = event();
    const update = renderLayer([old]);
    expect(show()).toBeNull();
    const small = event({ senderId: '1', comboKey: '1:3', senderNickname: '甲' });
    const rocket = event({ senderId: '2', comboKey: '2:5', giftId: 5, name: '火箭', tier: 3, combo: 0, senderNickname: '乙' });
    update([old, small, rocket]);
    expect(show()?.getAttribute('data-tier')).toBe('1');
    expect(show()?.textContent).toBe('甲 送出 足球x1');
    expect(screen.getByTestId('gift-layer').getAttribute('data-queued')).toBe('1');
    act(() => void vi.advanceTimersByTime(GIFT_SHOW_MS[1]));
    expect(show()?.getAttribute('data-tier')).toBe('3');
    expect(show()?.getAttribute('data-motion')).toBe('full');
    act(() => void vi.advanceTimersByTime(GIFT_SHOW_MS[3]));
    expect(show()).toBeNull();
  });

  it('a combo (same comboKey within 5 s) grows one xN and keeps it up', () => {
    const update = renderLayer([]);
    const first = event({ count: 10 });
    update([first]);
    act(() => void vi.advanceTimersByTime(2_000));
    const second = event({ count: 10 });
    update([first, second]);
    expect(screen.getByTestId('gift-show-count').textContent).toBe('x20');
    act(() => void vi.advanceTimersByTime(2_000));
    expect(show()?.getAttribute('data-count')).toBe('20');
    act(() => void vi.advanceTimersByTime(GIFT_SHOW_MS[1]));
    expect(show()).toBeNull();
  });

  it('prefers-reduced-motion: a short static banner', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    const update = renderLayer([]);
    update([event({ tier: 3 })]);
    expect(show()?.getAttribute('data-motion')).toBe('reduced');
    act(() => void vi.advanceTimersByTime(GIFT_REDUCED_SHOW_MS));
    expect(show()).toBeNull();
  });
});
