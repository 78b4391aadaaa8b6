import type { CountryCode } from '@sports/shared/server';

/** Calling codes offered in the login form's country picker; 86 (the default) first. */
export const COUNTRY_CODES: readonly CountryCode[] = [
  { id: 1, code: '86', name: '中国大陆' },
  { id: 2, code: '852', name: '中国香港' },
  { id: 3, code: '853', name: '中国澳门' },
  { id: 4, code: '886', name: '中国台湾' },
  { id: 5, code: '1', name: '美国/加拿大' },
  { id: 6, code: '44', name: '英国' },
  { id: 7, code: '81', name: '日本' },
  { id: 8, code: '82', name: '韩国' },
  { id: 9, code: '65', name: '新加坡' },
  { id: 10, code: '60', name: '马来西亚' },
  { id: 11, code: '66', name: '泰国' },
  { id: 12, code: '84', name: '越南' },
  { id: 13, code: '63', name: '菲律宾' },
  { id: 14, code: '62', name: '印度尼西亚' },
  { id: 15, code: '61', name: '澳大利亚' },
];
