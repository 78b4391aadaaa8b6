import { describe, expect, it } from 'vitest';
import { requestUrlOf } from './requestUrl';

describe("a call's address", () => {
  it('joins the base and the path with one slash, and keeps an absolute path as it is', () => {
    expect(requestUrlOf('/', 'api/Live_streaming/getRoomInfo')).toBe('/api/Live_streaming/getRoomInfo');
    expect(requestUrlOf('/', '/api/upload')).toBe('/api/upload');
    expect(requestUrlOf('http://127.0.0.1:4000/', '/ok')).toBe('http://127.0.0.1:4000/ok');
    expect(requestUrlOf('http://127.0.0.1:4000', 'ok')).toBe('http://127.0.0.1:4000/ok');
    expect(requestUrlOf('/', 'https://upload.example/put?x=1')).toBe('https://upload.example/put?x=1');
  });

  it('sends the query as axios did: lists as key[], no undefined or null, text encoded', () => {
    expect(requestUrlOf('/', 'api/x', { room_id: 1, page: 2, live: true, skip: undefined, none: null })).toBe('/api/x?room_id=1&page=2&live=true');
    expect(requestUrlOf('/', 'api/x', { ids: [3, 4] })).toBe('/api/x?ids%5B%5D=3&ids%5B%5D=4');
    expect(requestUrlOf('/', 'api/search', { q: '梅西 & C罗' })).toBe(`/api/search?q=${new URLSearchParams({ q: '梅西 & C罗' }).toString().slice(2)}`);
    expect(new URL(requestUrlOf('http://h', 'api/search', { q: '梅西 & C罗' })).searchParams.get('q')).toBe('梅西 & C罗');
    expect(requestUrlOf('/', 'api/x?a=1', { b: 2 })).toBe('/api/x?a=1&b=2');
    expect(requestUrlOf('/', 'api/x', { at: new Date(Date.UTC(2026, 11, 2)), filter: { sport: 1 } })).toBe(`/api/x?at=2026-12-02T00%3A00%3A00.000Z&filter=${encodeURIComponent('{"sport":1}')}`);
    expect(requestUrlOf('/', 'api/x', {})).toBe('/api/x');
  });
});
