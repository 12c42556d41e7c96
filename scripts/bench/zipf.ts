// What readers ask for: a few pages very often and a long tail rarely, as Zipf's law has it
// for web pages (the k-th most popular is asked for in proportion to 1/k^s). The draws come
// from a seeded generator, so two runs of the bench ask for the same sequence of pages.

/** A generator of numbers in [0, 1) from a 32-bit seed (mulberry32: small, fast and well mixed for this use). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Draws ranks 0 … n−1, rank k with probability proportional to 1/(k+1)^s. */
export function zipfSampler(n: number, s: number, random: () => number): () => number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`a Zipf draw needs at least one rank, not ${n}`)
  const cumulative: number[] = []
  let total = 0
  for (let k = 1; k <= n; k++) cumulative.push((total += 1 / k ** s))
  return () => {
    const target = random() * total
    // The first rank whose running total passes the target.
    let low = 0
    let high = n - 1
    while (low < high) {
      const middle = (low + high) >>> 1
      if (cumulative[middle]! > target) high = middle
      else low = middle + 1
    }
    return low
  }
}

/** Takes one item from each list in turn, so each list's first items rank near the top: [[a, b], [c]] → [a, c, b]. */
export function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const ranked: T[] = []
  for (let i = 0; lists.some((list) => i < list.length); i++) {
    for (const list of lists) if (i < list.length) ranked.push(list[i]!)
  }
  return ranked
}
