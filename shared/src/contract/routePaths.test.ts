import { describe, expect, it } from 'vitest';
import { routeKey, routeShows, samePath } from './routePaths';

describe('the route path rule (host and control plane)', () => {
  it('compares paths without regard to case, as the router matches them', () => {
    expect(samePath('downLoad', 'download')).toBe(true);
    expect(samePath('DOWNLOAD', 'downLoad')).toBe(true);
    expect(samePath('about-user', 'about_user')).toBe(false);
    expect(routeKey('trophy/Home')).toBe('trophy/home');
  });

  it('a route shows its own path and the paths below it, case aside, and nothing else', () => {
    expect(routeShows('score-detail', 'score-detail')).toBe(true);
    expect(routeShows('score-detail', 'Score-Detail/12')).toBe(true);
    expect(routeShows('downLoad', 'download')).toBe(true);
    expect(routeShows('score', 'score-detail')).toBe(false);
    expect(routeShows('score-detail/12', 'score-detail')).toBe(false);
  });
});
