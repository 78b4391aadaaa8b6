/**
 * Deterministic randomness for the demo feed. Every decision draws from a generator seeded by
 * what it is about (feed seed, match, minute…), never from one shared stream: the same seed gives
 * the same day whatever the tick rate, and a restarted simulator recomputes exactly what the
 * stopped one would have produced.
 */
export interface Rng {
  /** [0, 1) */
  next(): number;
  /** Whole number in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<Item>(items: readonly Item[]): Item;
  /** Index chosen with the given non-negative weights. */
  weighted(weights: readonly number[]): number;
  poisson(mean: number): number;
  shuffle<Item>(items: readonly Item[]): Item[];
}

/** 32-bit FNV-1a over the parts, mixed: a seed for mulberry32. */
export function hashSeed(parts: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = `${String(part)}\u0000`;
    for (let index = 0; index < text.length; index += 1) {
      hash ^= text.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193);
    }
  }
  // Final avalanche (murmur3 fmix32) so near-identical inputs give unrelated streams.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** mulberry32: tiny, fast, good enough statistically for a simulation. */
export function createRng(...parts: (string | number)[]): Rng {
  let state = hashSeed(parts);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (weights) => {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      let roll = next() * total;
      for (let index = 0; index < weights.length; index += 1) {
        roll -= weights[index] ?? 0;
        if (roll < 0) return index;
      }
      return weights.length - 1;
    },
    poisson: (mean) => {
      // Knuth: fine for the small means of per-minute events.
      const limit = Math.exp(-mean);
      let count = 0;
      let product = next();
      while (product > limit) {
        count += 1;
        product *= next();
      }
      return count;
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = Math.floor(next() * (index + 1));
        [copy[index], copy[other]] = [copy[other] as (typeof copy)[number], copy[index] as (typeof copy)[number]];
      }
      return copy;
    },
  };
  return rng;
}
