import { describe, expect, it } from 'vitest';
import { HOST_ROUTE_PATHS } from '@sports/shared';
import { hostPages } from '../pages/hostPages';
import { HOST_ROUTES } from './routeTable';

describe("the host's route table", () => {
  it('holds exactly the paths the host keeps (HOST_ROUTE_PATHS), all owned by the host', () => {
    expect(HOST_ROUTES.map((route) => route.path).sort()).toEqual([...HOST_ROUTE_PATHS].sort());
    expect(new Set(HOST_ROUTES.map((route) => route.owner))).toEqual(new Set(['host']));
  });

  it('has a page for every route', () => {
    expect(Object.keys(hostPages).sort()).toEqual([...HOST_ROUTE_PATHS].sort());
  });

  it('keeps the SPEC.md titles and nav indexes of the home and 404 pages', () => {
    expect(HOST_ROUTES.find((route) => route.path === 'main')).toMatchObject({ title: '首页', navIndex: 0, hidesHeaderOnScroll: true });
    expect(HOST_ROUTES.find((route) => route.path === '404')).toMatchObject({ title: '页面不存在', navIndex: null });
  });
});
