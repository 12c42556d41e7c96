// Rating maths (spec §3–§5, §9), shared by the ratings island and the server that stores
// and averages ratings: a value from 0 to the number of stars, in steps of 0.5, clamped and
// rounded to one decimal.

/** Spec §9: 5 stars, changed by 0.5 with the minus and plus buttons. */
export const RATING_DEFAULTS = { stars: 5, step: 0.5, starSize: 32, controlSize: 24 } as const

/** A usable number of stars: a positive whole number, else the default. */
export function starCount(stars: number | undefined): number {
  return stars !== undefined && Number.isInteger(stars) && stars > 0 ? stars : RATING_DEFAULTS.stars
}

/** Spec §3: rounded to one decimal (half away from zero, as people round). */
export function roundRating(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) * 10) / 10
}

/** Spec §5: clamped between 0 and the number of stars; anything not a number is 0. */
export function clampRating(value: number, stars: number = RATING_DEFAULTS.stars): number {
  if (!Number.isFinite(value)) return 0
  return roundRating(Math.min(Math.max(value, 0), starCount(stars)))
}

/** The value a minus (-1) or plus (+1) button makes: one step, snapped to the step's grid, clamped. */
export function stepRating(value: number, direction: -1 | 1, stars: number = RATING_DEFAULTS.stars): number {
  const { step } = RATING_DEFAULTS
  const snapped = Math.round(clampRating(value, stars) / step) * step
  return clampRating(snapped + direction * step, stars)
}

/** The value a click on star `index` (0-based) sets: that star full, or half when `half`. */
export function ratingFromStar(index: number, half: boolean, stars: number = RATING_DEFAULTS.stars): number {
  return clampRating(index + (half ? 0.5 : 1), stars)
}

/** How much of star `index` (0-based) a value fills: 0, 0.5 or 1, for drawing the stars. */
export function starFill(value: number, index: number): 0 | 0.5 | 1 {
  const rest = value - index
  if (rest >= 1) return 1
  return rest >= 0.5 ? 0.5 : 0
}

/** An average of ratings for display: one decimal, 0 when nobody has rated yet. */
export function averageRating(sum: number, count: number, stars: number = RATING_DEFAULTS.stars): number {
  return count > 0 ? clampRating(sum / count, stars) : 0
}
