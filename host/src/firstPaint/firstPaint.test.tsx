import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NAV_ENTRIES } from '../layout/navItems';
import { MOBILE_TABS } from '../mobile/mobileTabs';
import { HOST_ROUTES } from '../routes/routeTable';
import { hostMessages } from '../messages';
import TEMPLATE from '../index.html?raw';
import { FIRST_PAINT_ELEMENT_ID, useFirstPaintHandover } from './useFirstPaintHandover';

const BODY = TEMPLATE.slice(TEMPLATE.indexOf('<body>') + '<body>'.length, TEMPLATE.indexOf('</body>'));
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/.exec(BODY)?.[1] ?? '';

/** The page's body as built, with `assignments` inlined as the server does, and its inline script run at `hash`. */
function firstPaintAt(hash: string, assignments?: unknown): HTMLElement {
  window.location.hash = hash;
  document.body.innerHTML = BODY.replace(/<script>[\s\S]*?<\/script>/, '');
  if (assignments !== undefined) {
    const json = document.createElement('script');
    json.type = 'application/json';
    json.id = 'mf-assignments';
    json.textContent = JSON.stringify(assignments);
    document.head.append(json);
  }
  new Function(INLINE_SCRIPT)();
  const element = document.getElementById(FIRST_PAINT_ELEMENT_ID);
  if (!element) throw new Error('the template has no first paint');
  return element;
}

const titles = (element: HTMLElement) => [...element.querySelectorAll('[data-fp-title]')].map((each) => each.textContent);
const current = (element: HTMLElement, attribute: string) => [...element.querySelectorAll(`[${attribute}][data-current]`)].map((each) => each.getAttribute(attribute));

afterEach(() => {
  document.getElementById('mf-assignments')?.remove();
  document.body.innerHTML = '';
  document.title = '';
});

describe('the first paint in index.html', () => {
  it('shows the desktop nav of navItems.ts, in its order, with each item\'s nav index', () => {
    const element = firstPaintAt('#/main');
    const items = [...element.querySelectorAll('[data-nav]')].map((item) => ({ label: item.textContent, navIndex: Number(item.getAttribute('data-nav')) }));
    expect(items).toEqual(NAV_ENTRIES.map((entry) => ({ label: entry.label, navIndex: entry.navIndex })));
    expect(element.querySelector('.fp-logo')?.textContent).toBe(hostMessages.nav.logo);
  });

  it('shows the mobile tab bar of mobileTabs.ts', () => {
    const element = firstPaintAt('#/main');
    expect([...element.querySelectorAll('[data-tab]')].map((tab) => ({ path: tab.getAttribute('data-tab'), label: tab.textContent }))).toEqual(MOBILE_TABS.map((tab) => ({ path: tab.path, label: tab.label })));
  });

  it('is the home page without a hash: its title, 首页 highlighted, the home skeleton', () => {
    const element = firstPaintAt('');
    expect(titles(element)).toEqual(['首页', '首页']);
    expect(HOST_ROUTES.find((route) => route.path === 'main')?.title).toBe('首页');
    expect(current(element, 'data-nav')).toEqual(['0']);
    expect(current(element, 'data-tab')).toEqual(['main']);
    expect(element.dataset.kind).toBe('home');
  });

  it('names every host route by the title of routeTable.ts', () => {
    for (const route of HOST_ROUTES.filter((each) => each.path !== 'main')) {
      const element = firstPaintAt(`#/${route.path}`);
      expect(titles(element), route.path).toEqual([route.title, route.title]);
      expect(current(element, 'data-nav'), route.path).toEqual([]);
      expect(element.dataset.kind).toBe('page');
    }
  });

  it('names a remote\'s route from the inlined assignments, its nav item and tab, a query and case aside', () => {
    const assignments = {
      remotes: [
        { name: 'mf_scores', routes: [{ path: 'football', title: '足球比分', navIndex: 1 }] },
        { name: 'mf_live', routes: [{ path: 'live', title: '直播间', navIndex: 2, immersiveOnPhone: true }] },
      ],
    };
    const football = firstPaintAt('#/Football?type=1', assignments);
    expect(titles(football)).toEqual(['足球比分', '足球比分']);
    expect(current(football, 'data-nav')).toEqual(['1']);
    expect(current(football, 'data-tab')).toEqual(['football']);
    expect(document.title).toBe('足球比分');
    document.getElementById('mf-assignments')?.remove();
    const room = firstPaintAt('#/live?id=1', assignments);
    expect(titles(room)).toEqual(['直播间', '直播间']);
    expect(room.dataset.kind).toBe('room');
  });

  it('shows no title for an address it cannot name (no assignments, or a route nobody declares), and never throws', () => {
    expect(titles(firstPaintAt('#/unknown'))).toEqual(['', '']);
    expect(titles(firstPaintAt('#/football', { remotes: 'not a list' }))).toEqual(['', '']);
  });
});

function Layout() {
  useFirstPaintHandover();
  return <p>布局</p>;
}

describe('useFirstPaintHandover', () => {
  it('removes the first paint in the commit that shows the layout', () => {
    firstPaintAt('#/main');
    const { getByText } = render(<Layout />);
    expect(getByText('布局')).toBeTruthy();
    expect(document.getElementById(FIRST_PAINT_ELEMENT_ID)).toBeNull();
  });
});
