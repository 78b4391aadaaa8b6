import { Mint } from 'mint-filter';

/**
 * The one sensitive-word filter (issue 14): an Aho-Corasick automaton over the word list,
 * matched against text normalised the same way as the words.
 *
 * - Built by mint-filter 4.0.3 (the trie and its fail links). Its own `filter()` reports only the
 *   word ending at the current node, so with the words `abcd` and `bc` the text `abce` slips
 *   through (`bc` is reached by a fail link, never reported). `scan()` below walks the same
 *   automaton and follows the fail chain for every output (tested in wordFilter.test.ts).
 * - Normalised per character: NFKC (full-width `ＡＢＣ` is `abc`, `㊙` is `秘`), lower case.
 * - Separators are skipped: white space, punctuation, symbols (emoji included) and invisible
 *   characters between the letters of a word do not break it (`傻 逼`, `傻.逼`, `傻😀逼`, `f-u-c-k`).
 *   The same characters are removed from words when they are added (`free money` is `freemoney`).
 *   The cost: a word may also match across the boundary of two words (`shi t`); the list is kept
 *   to words and phrases where that is rare. Digits and letters are never skipped.
 * - A match masks every original character from its first letter to its last, the skipped ones
 *   included, with `*` (one per code point).
 */

export type CheckResult = { ok: true; text: string } | { ok: false; words: string[] };

/** Longest word ops may add (normalised, in code points). */
export const MAX_WORD_LENGTH = 32;

const SEPARATOR = /^[\p{P}\p{S}\p{Z}\p{C}\s]$/u;

/** NFKC, lower case and no separators: how words are stored and compared (`''` if nothing is left). */
export function normalizeWord(word: string): string {
  let out = '';
  for (const ch of word) out += normalizeChar(ch);
  return out;
}

const charCache = new Map<string, string>();
const CHAR_CACHE_LIMIT = 50_000;

/** One code point, normalised: `''` for a separator, else its NFKC lower-case form (often itself). */
function normalizeChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x80) {
    if ((code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a)) return ch;
    if (code >= 0x41 && code <= 0x5a) return String.fromCharCode(code + 0x20);
    return '';
  }
  const cached = charCache.get(ch);
  if (cached !== undefined) return cached;
  const normalized = ch.normalize('NFKC').toLowerCase();
  let kept = '';
  for (const part of normalized) if (!SEPARATOR.test(part)) kept += part;
  if (charCache.size < CHAR_CACHE_LIMIT) charCache.set(ch, kept);
  return kept;
}

interface AcNode {
  children: Record<string, AcNode | undefined>;
  fail?: AcNode;
  word: boolean;
  depth: number;
}

interface Match {
  /** Index in the code-point array of the original text. */
  start: number;
  end: number;
  word: string;
}

export class WordFilter {
  private mint: Mint;
  private readonly wordSet: Set<string>;

  constructor(words: readonly string[] = []) {
    this.wordSet = new Set(words.map(normalizeWord).filter((w) => w.length > 0));
    this.mint = new Mint([...this.wordSet]);
  }

  /** The words (normalised) the automaton matches. */
  get words(): string[] {
    return [...this.wordSet];
  }

  get size(): number {
    return this.wordSet.size;
  }

  /** All matches, leftmost first; overlapping matches are all reported. */
  private scan(text: string): { chars: string[]; matches: Match[] } {
    const chars = Array.from(text);
    const matches: Match[] = [];
    if (this.wordSet.size === 0) return { chars, matches };
    const root = this.mint.root as unknown as AcNode;
    // Normalised UTF-16 units, each with the index of the code point it came from.
    const origin: number[] = [];
    const units: string[] = [];
    let node: AcNode = root;
    for (let i = 0; i < chars.length; i++) {
      const normalized = normalizeChar(chars[i] as string);
      for (let u = 0; u < normalized.length; u++) {
        const key = normalized[u] as string;
        origin.push(i);
        units.push(key);
        let current: AcNode | undefined = node;
        while (current && !Object.hasOwn(current.children, key)) current = current.fail;
        node = current ? (current.children[key] as AcNode) : root;
        for (let out: AcNode | undefined = node; out && out !== root; out = out.fail) {
          if (!out.word) continue;
          const end = origin.length - 1;
          const startUnit = end + 1 - out.depth;
          const word = units.slice(startUnit, end + 1).join('');
          matches.push({ start: origin[startUnit] as number, end: i, word });
        }
      }
    }
    return { chars, matches };
  }

  /** Whether the text holds a listed word; when it does, which ones (normalised, for logs: never show them back). */
  check(text: string): CheckResult {
    const { matches } = this.scan(text);
    if (matches.length === 0) return { ok: true, text };
    return { ok: false, words: [...new Set(matches.map((m) => m.word))] };
  }

  /** The text with every listed word (and separators inside it) replaced by `*`. */
  mask(text: string): { text: string; words: string[] } {
    const { chars, matches } = this.scan(text);
    if (matches.length === 0) return { text, words: [] };
    for (const match of matches) for (let k = match.start; k <= match.end; k++) chars[k] = '*';
    return { text: chars.join(''), words: [...new Set(matches.map((m) => m.word))] };
  }
}
