import { describe, expect, it } from 'vitest';
import { routeManifestProblems } from '@sports/shared/testing';
import declaration from './routeManifest.json';
import { routes } from './routes';
import { widgets } from './widgets';

describe('route manifest (src/routeManifest.json)', () => {
  it('declares exactly the pages of ./routes and the widgets of ./widgets, in the form the control plane accepts', () => {
    expect(routeManifestProblems('mf_member', declaration, routes, widgets)).toEqual([]);
  });
});
