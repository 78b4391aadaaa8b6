import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_ASSIGNMENTS } from '../routes/testing/siteRoutesFixture';
import { prefetchOnIntent } from './prefetchOnIntent';

let uninstall: () => void = () => undefined;
afterEach(() => {
  uninstall();
  document.body.innerHTML = '';
});

function link(href: string): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.append(document.createElement('span'));
  document.body.append(anchor);
  return anchor;
}

describe('prefetchOnIntent', () => {
  it("loads the route owner's page once when a link to it is hovered, focused or touched", () => {
    const load = vi.fn(() => Promise.resolve());
    uninstall = prefetchOnIntent(document, () => TEST_ASSIGNMENTS, load);
    const football = link('#/football');
    football.firstChild!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    football.dispatchEvent(new Event('focusin', { bubbles: true }));
    link('#/anchor').dispatchEvent(new Event('touchstart', { bubbles: true }));
    link('#/basketball?tab=1').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(load.mock.calls).toEqual([
      ['mf_scores', 'football'],
      ['mf_live', 'anchor'],
      ['mf_scores', 'basketball'],
    ]);
  });

  it('skips host routes, other links and a page without assignments', () => {
    const load = vi.fn(() => Promise.resolve());
    let remotes: typeof TEST_ASSIGNMENTS | null = null;
    uninstall = prefetchOnIntent(document, () => remotes, load);
    link('#/football').dispatchEvent(new Event('pointerover', { bubbles: true }));
    remotes = TEST_ASSIGNMENTS;
    for (const href of ['#/main', '#/ops', 'https://example.com/']) link(href).dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
  });

  it('asks again after a failed load', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    uninstall = prefetchOnIntent(document, () => TEST_ASSIGNMENTS, load);
    const football = link('#/football');
    football.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await Promise.resolve();
    await Promise.resolve();
    football.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
