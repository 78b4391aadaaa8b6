import { Mint } from 'mint-filter';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SENSITIVE_WORDS } from './defaultWords';
import { WordFilter, normalizeWord } from './wordFilter';

describe('the sensitive-word filter', () => {
  const filter = new WordFilter(['傻逼', 'abc', '加微信', 'free money']);

  it('passes clean text unchanged', () => {
    expect(filter.check('今天的比赛真精彩')).toEqual({ ok: true, text: '今天的比赛真精彩' });
    expect(filter.mask('今天的比赛真精彩')).toEqual({ text: '今天的比赛真精彩', words: [] });
  });

  it('matches full-width and upper case as their half-width lower-case forms', () => {
    expect(filter.check('ＡＢＣ')).toEqual({ ok: false, words: ['abc'] });
    expect(filter.check('xxABCxx')).toEqual({ ok: false, words: ['abc'] });
    expect(filter.mask('ＡＢＣ!').text).toBe('***!');
  });

  it('skips spaces, punctuation, symbols and invisible characters inside a word, and masks them too', () => {
    for (const text of ['傻 逼', '傻.逼', '傻😀逼', '傻\u200b逼', 'a-b-c', 'a b c']) expect(filter.check(text).ok, text).toBe(false);
    expect(filter.mask('你这个傻 . 逼啊').text).toBe('你这个*****啊');
    expect(filter.mask('加 微 信 123').text).toBe('***** 123');
    expect(filter.check('FREE-MONEY now')).toEqual({ ok: false, words: ['freemoney'] });
  });

  it('does not skip letters or digits', () => {
    expect(filter.check('a1bc').ok).toBe(true);
    expect(filter.check('傻子逼').ok).toBe(true);
  });

  it('reports a word reached through a fail link, which mint-filter alone misses', () => {
    const words = ['abcd', 'bc'];
    expect(new Mint(words).filter('abce').words).toEqual([]);
    expect(new WordFilter(words).check('abce')).toEqual({ ok: false, words: ['bc'] });
    expect(new WordFilter(words).mask('xabcdx').text).toBe('x****x');
  });

  it('reports every distinct word, and overlapping words are all masked', () => {
    expect(new WordFilter(['ab', 'bc']).mask('abc')).toEqual({ text: '***', words: ['ab', 'bc'] });
  });

  it('normalises words like text, and an empty word list matches nothing', () => {
    expect(normalizeWord(' Ｆree  Money! ')).toBe('freemoney');
    expect(normalizeWord('...')).toBe('');
    expect(new WordFilter([]).check('anything').ok).toBe(true);
    expect(new WordFilter(['...', '']).size).toBe(0);
  });

  it('keeps text outside the basic plane intact when masking', () => {
    expect(filter.mask('😀abc😀').text).toBe('😀***😀');
  });

  it('the default list is loaded and catches its words', () => {
    const defaults = new WordFilter(DEFAULT_SENSITIVE_WORDS);
    expect(defaults.size).toBe(DEFAULT_SENSITIVE_WORDS.length);
    expect(defaults.check('快加微信领取').ok).toBe(false);
    expect(defaults.check('比赛很好看').ok).toBe(true);
  });
});
