/**
 * A measurement of the filter (not a test): 5,000 random 2-5 character Chinese words, 200-character
 * messages (Chinese, some Latin letters and spaces), checks and masks per second, and mint-filter's
 * own filter() on the same automaton for comparison. `cd server && pnpm exec tsx src/moderation/benchFilter.ts`
 */
import { Mint } from 'mint-filter';
import { WordFilter } from './wordFilter';
const rnd = (n: number) => Math.floor(Math.random() * n);
const han = () => String.fromCharCode(0x4e00 + rnd(3000));
const words = Array.from({ length: 5000 }, () => Array.from({ length: 2 + rnd(4) }, han).join(''));
let t = performance.now();
const filter = new WordFilter(words);
const build = performance.now() - t;
const msgs = Array.from({ length: 2000 }, () => Array.from({ length: 200 }, () => (rnd(10) === 0 ? ' ' : rnd(5) === 0 ? String.fromCharCode(97 + rnd(26)) : han())).join(''));
for (const m of msgs) filter.check(m);
const N = 20000;
t = performance.now();
let hits = 0;
for (let i = 0; i < N; i++) if (!filter.check(msgs[i % msgs.length] as string).ok) hits++;
const checkMs = performance.now() - t;
t = performance.now();
for (let i = 0; i < N; i++) filter.mask(msgs[i % msgs.length] as string);
const maskMs = performance.now() - t;
const mint = new Mint(words);
t = performance.now();
for (let i = 0; i < N; i++) mint.filter(msgs[i % msgs.length] as string, { replace: false });
const mintMs = performance.now() - t;
console.log(JSON.stringify({ words: words.length, buildMs: build.toFixed(1), msgChars: 200, checksPerSec: Math.round(N / (checkMs / 1000)), masksPerSec: Math.round(N / (maskMs / 1000)), mintFilterPerSec: Math.round(N / (mintMs / 1000)), hitRate: (hits / N).toFixed(2) }));
