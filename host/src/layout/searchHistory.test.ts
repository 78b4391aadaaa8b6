import { describe, expect, it } from 'vitest';
import { addToHistory, removeFromHistory, sanitizeHistory, SEARCH_HISTORY_LIMIT } from './searchHistory';

describe('searchHistory', () => {
  it('puts the newest first and keeps each text once', () => {
    expect(addToHistory(['湖人', '皇马'], '皇马')).toEqual(['皇马', '湖人']);
  });

  it(`keeps at most ${SEARCH_HISTORY_LIMIT}`, () => {
    let history: string[] = [];
    for (let index = 1; index <= 12; index += 1) history = addToHistory(history, `队${index}`);
    expect(history).toHaveLength(SEARCH_HISTORY_LIMIT);
    expect(history[0]).toBe('队12');
    expect(history).not.toContain('队2');
  });

  it('removes one text', () => {
    expect(removeFromHistory(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('drops what localStorage should never have held', () => {
    expect(sanitizeHistory('not a list')).toEqual([]);
    expect(sanitizeHistory(['ok', 3, null, '  ', '一二三四五六七八九十十一'])).toEqual(['ok', '一二三四五六七八九十']);
  });
});
