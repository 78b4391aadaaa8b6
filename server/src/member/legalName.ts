import { REAL_NAME_MAX, REAL_NAME_MIN } from '@sports/shared/server';

/**
 * Legal names as written on a resident ID card: Chinese characters, with `·` between the parts
 * of a transliterated name (阿卜杜·热合曼). Look-alike dots are read as `·` (U+00B7).
 */
const LOOKALIKE_DOTS = /[\u2022\u2027\u30fb\uff0e\u00b7\u2219\u22c5]/g;
const HAN = '[\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff]';
const LEGAL_NAME = new RegExp(`^${HAN}+(·${HAN}+)*$`, 'u');

/** The name as stored (trimmed, dots unified), or null when it is not a legal name. */
export function normaliseLegalName(raw: string): string | null {
  const name = raw.trim().replace(LOOKALIKE_DOTS, '·');
  const length = [...name].length;
  if (length < REAL_NAME_MIN || length > REAL_NAME_MAX) return null;
  return LEGAL_NAME.test(name) ? name : null;
}

/** `张*三`, `*三`, `欧**锋`: the first and the last character of 3 or more, the last of 2. */
export function maskLegalName(name: string): string {
  const characters = [...name];
  if (characters.length <= 2) return `*${characters.slice(1).join('')}`;
  return `${characters[0]}${'*'.repeat(characters.length - 2)}${characters[characters.length - 1]}`;
}
