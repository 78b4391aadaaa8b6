import { render } from '@testing-library/react';
import { FIRST_SCREEN_GLOBAL, type FirstScreenCall } from '@sports/shared';
import { firstScreenKeyOfCall } from '@sports/shared/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_CONFIG_PATH } from '../app/startPageSession';
import { ACTIVITIES_PATH } from '../pages/ActivityStrip';
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
  // One inlined copy at a time: files share one document (isolate: false).
  for (const earlier of Array.from(document.querySelectorAll('#mf-assignments'))) earlier.remove();
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
  for (const inlined of Array.from(document.querySelectorAll('#mf-assignments'))) inlined.remove();
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

describe('the first screen\'s data, asked for by the page\'s first script', () => {
  const hotMatches: FirstScreenCall[] = [
    { path: 'api/hot_match/all_match', method: 'POST', body: { status: 'live', page: 1, page_size: 20 } },
    { path: 'api/hot_match/initial_list' },
  ];
  const roomCalls: FirstScreenCall[] = [{ path: 'api/Live_streaming/getRoomInfo', query: { room_id: ':id' } }, { path: 'api/Gift/getList' }];
  const assignments = {
    remotes: [
      { name: 'mf_scores', routes: [{ path: 'football', title: '足球', navIndex: 1 }], widgets: [{ id: 'hotMatches', slot: 'home', order: 10, firstScreenData: hotMatches }] },
      {
        name: 'mf_live',
        routes: [{ path: 'live', title: '直播间', navIndex: 2, firstScreenData: roomCalls }],
        widgets: [{ id: 'goalClips', slot: 'home', order: 30, firstScreenData: [{ path: 'api/Clip/list', query: { latest: 1, kinds: 'goal,penalty', limit: 8 } }] }],
      },
    ],
  };
  const hostCalls = (route: string): FirstScreenCall[] => [{ path: SYSTEM_CONFIG_PATH }, ...(route === 'main' ? [{ path: ACTIVITIES_PATH }] : [])];

  /** The script run at `hash` with a fetch that records what it was asked; the keys it stored and the requests. */
  function earlyCallsAt(hash: string) {
    const requests: { url: string; method: string; body: string | null; headers: Record<string, string>; priority: string | undefined }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      requests.push({ url, method: init.method ?? 'GET', body: (init.body as string | undefined) ?? null, headers: init.headers as Record<string, string>, priority: init.priority });
      return Promise.resolve(new Response('{"code":200,"msg":"","data":null}'));
    });
    firstPaintAt(hash, assignments);
    const stored = (window as unknown as Record<string, Record<string, unknown>>)[FIRST_SCREEN_GLOBAL] ?? {};
    return { keys: Object.keys(stored), requests };
  }
  const keysOf = (calls: FirstScreenCall[], params: Record<string, string> = {}) => calls.map((call) => firstScreenKeyOfCall(call, params)).filter((key) => key !== null);

  afterEach(() => {
    vi.unstubAllGlobals();
    delete (window as unknown as Record<string, unknown>)[FIRST_SCREEN_GLOBAL];
  });

  it('on the home page: the host\'s calls and every home widget\'s, keyed as the API client looks them up, each asked once', async () => {
    const { keys, requests } = earlyCallsAt('');
    const widgetCalls = assignments.remotes.flatMap((remote) => remote.widgets.flatMap((widget) => widget.firstScreenData));
    expect(keys).toEqual(keysOf([...hostCalls('main'), ...widgetCalls]));
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET /${SYSTEM_CONFIG_PATH}`,
      `GET /${ACTIVITIES_PATH}`,
      'POST /api/hot_match/all_match',
      'GET /api/hot_match/initial_list',
      'GET /api/Clip/list?kinds=goal%2Cpenalty&latest=1&limit=8',
    ]);
    // A POST sends its body as JSON, as the API client does, with the client's header; every call the client's header.
    expect(requests[2]?.body).toBe('{"page":1,"page_size":20,"status":"live"}');
    expect(requests[2]?.headers['Content-Type']).toBe('application/json');
    expect(requests.every((request) => request.headers['X-Requested-With'] === 'XMLHttpRequest')).toBe(true);
    // Low: on HTTP/1.1's six connections a page, ten calls at the scripts' priority held the
    // scripts back and the widgets came later than with no early call (e2e/bench/README.md).
    expect(requests.every((request) => request.priority === 'low')).toBe(true);
  });

  it('on a route: the host\'s call and the route\'s, with the hash\'s own parameters; a call whose parameter the hash lacks is not started', () => {
    expect(earlyCallsAt('#/live?id=7').keys).toEqual(keysOf([...hostCalls('live'), ...roomCalls], { id: '7' }));
    expect(earlyCallsAt('#/live?id=7').requests.map((request) => request.url)).toContain('/api/Live_streaming/getRoomInfo?room_id=7');
    expect(earlyCallsAt('#/live').keys).toEqual(keysOf([...hostCalls('live'), { path: 'api/Gift/getList' }]));
    // A route without declared data, and one nobody declares: the host's call only.
    expect(earlyCallsAt('#/football').keys).toEqual(keysOf(hostCalls('football')));
    expect(earlyCallsAt('#/nowhere').keys).toEqual(keysOf(hostCalls('nowhere')));
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
