import { describe, expect, it } from 'vitest';
import { parseHashLocation } from './parseHashLocation';

describe('parseHashLocation', () => {
  it('splits path and query', () => {
    expect(parseHashLocation('#/anchor?type=1', 'x')).toEqual({ path: 'anchor', query: { type: '1' } });
  });
  it('keeps nested paths and decodes the query', () => {
    expect(parseHashLocation('#/trophy/home?name=%E8%8B%B1%E8%B6%85', 'x')).toEqual({ path: 'trophy/home', query: { name: '英超' } });
  });
  it('falls back when there is no path', () => {
    expect(parseHashLocation('', 'main')).toEqual({ path: 'main', query: {} });
  });
});
