import '../testing/setup';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteRoot, type ChatHorn } from '@sports/shared';
import { createTestContext } from '@sports/shared/testing';
import { HornBanner } from './HornBanner';
import { HORN_SHOW_MS } from './hornQueue';

let counter = 0;
function horn(text: string, overrides: Partial<ChatHorn> = {}): ChatHorn {
  counter += 1;
  return { id: `h${counter}`, text, senderId: '9', senderNickname: '喊话人', level: 3, sentAt: Date.now(), ...overrides };
}

function renderBanner(horns: ChatHorn[]) {
  const context = createTestContext();
  const view = render(
    <RemoteRoot context={context}>
      <HornBanner horns={horns} />
    </RemoteRoot>,
  );
  return (next: ChatHorn[]) =>
    view.rerender(
      <RemoteRoot context={context}>
        <HornBanner horns={next} />
      </RemoteRoot>,
    );
}

const banner = () => screen.queryByTestId('horn-banner');

describe('horn banner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows horns one at a time, each for HORN_SHOW_MS, in a polite live region, as plain text with the level badge', () => {
    const update = renderBanner([]);
    expect(banner()).toBeNull();
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    const first = horn('<b>决赛</b>今晚开始');
    const second = horn('第二条', { senderNickname: '另一人', level: undefined });
    update([first, second]);
    expect(banner()?.textContent).toContain('喊话人：<b>决赛</b>今晚开始');
    expect(banner()?.querySelector('b')).toBeNull();
    expect(banner()?.textContent).toContain('LV3');
    // The same horns again (a re-render) do not queue twice.
    update([first, second]);
    act(() => void vi.advanceTimersByTime(HORN_SHOW_MS - 1));
    expect(banner()?.getAttribute('data-horn-id')).toBe(first.id);
    act(() => void vi.advanceTimersByTime(1));
    expect(banner()?.getAttribute('data-horn-id')).toBe(second.id);
    expect(banner()?.textContent).toContain('另一人：第二条');
    act(() => void vi.advanceTimersByTime(HORN_SHOW_MS));
    expect(banner()).toBeNull();
    update([first, second, horn('第三条')]);
    expect(banner()?.textContent).toContain('第三条');
  });

  it('prefers-reduced-motion: the banner appears without moving', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    const update = renderBanner([]);
    update([horn('安静地出现')]);
    expect(banner()?.getAttribute('data-motion')).toBe('reduced');
  });
});
