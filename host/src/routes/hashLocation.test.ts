import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { canGoBackInSite, hashAddressOf, navigateInSite, useSiteHashLocation } from './hashLocation';

describe('the site hash location (wouter hook)', () => {
  it('reads the path and the query from the hash, as the site writes them (/web/#/live?id=3)', () => {
    expect(hashAddressOf('#/live?id=3&tab=chat')).toEqual({ path: '/live', search: 'id=3&tab=chat' });
    expect(hashAddressOf('#/main')).toEqual({ path: '/main', search: '' });
    expect(hashAddressOf('#live')).toEqual({ path: '/live', search: '' });
    expect(hashAddressOf('')).toEqual({ path: '/', search: '' });
    expect(hashAddressOf('#/')).toEqual({ path: '/', search: '' });
  });

  it('navigates with the query in the hash, heard at once; back stays in the site only past the entry the visitor arrived on', async () => {
    window.history.replaceState(null, '', '#/rank?type=1');
    const { result, unmount } = renderHook(() => [useSiteHashLocation()[0], useSiteHashLocation.searchHook()] as const);
    expect(result.current).toEqual(['/rank', 'type=1']);
    expect(canGoBackInSite()).toBe(false);

    act(() => navigateInSite('/live?id=3'));
    // Heard in the same task, not a task later with the page's hashchange.
    expect(result.current).toEqual(['/live', 'id=3']);
    expect(window.location.hash).toBe('#/live?id=3');
    expect(canGoBackInSite()).toBe(true);

    // A replace keeps the entry's depth: still one page of the site behind.
    act(() => navigateInSite('/live?id=4', { replace: true }));
    expect(result.current).toEqual(['/live', 'id=4']);
    expect(canGoBackInSite()).toBe(true);

    // Back: the entry the visitor arrived on again, and no further back inside the site.
    window.history.back();
    await waitFor(() => expect(result.current).toEqual(['/rank', 'type=1']));
    expect(window.location.hash).toBe('#/rank?type=1');
    expect(canGoBackInSite()).toBe(false);

    // A link of a remote (a plain hash change) is a new entry too.
    window.location.hash = '#/clip';
    await waitFor(() => expect(result.current).toEqual(['/clip', '']));
    expect(canGoBackInSite()).toBe(true);
    unmount();
  });

  it('makes links of the hash (a <Link href="/main"> is <a href="#/main">)', () => {
    expect(useSiteHashLocation.hrefs('/main')).toBe('#/main');
  });
});
