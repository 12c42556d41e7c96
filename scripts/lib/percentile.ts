// The percentiles every bench and measuring test reports, read one way: the nearest rank.

/** The p-th percentile (0–100) of values sorted in ascending order, by nearest rank; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
}

export interface Spread {
  p50: number
  p95: number
  p99: number
  max: number
}

/** The percentiles a bench reports, of values in any order; NaN for none. */
export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN }
}
