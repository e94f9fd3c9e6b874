/** A deterministic source of choices: the same seed makes the same requests, in the same order. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** One of `items`. */
  pick<T>(items: readonly T[]): T;
  /** Up to `n` of `items`, in their order, chosen without repetition. */
  sample<T>(items: readonly T[], n: number): T[];
}

/**
 * The fuzz run's seed: `FUZZ_SEED` when set (to replay or widen a run), else a fixed one so
 * CI sends the same requests every time.
 */
export const fuzzSeed = Number(process.env.FUZZ_SEED ?? 20261124) >>> 0;

/** A mulberry32 generator on `seed`. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (items) => items[int(items.length)]!,
    sample: (items, n) => {
      if (items.length <= n) return [...items];
      const chosen = new Set<number>();
      while (chosen.size < n) chosen.add(int(items.length));
      return [...chosen].sort((a, b) => a - b).map((i) => items[i]!);
    },
  };
}
