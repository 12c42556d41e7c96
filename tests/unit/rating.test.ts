import { describe, expect, it } from 'vitest'
import { averageRating, clampRating, ratingFromStar, roundRating, starCount, starFill, stepRating } from '../../lib/rating.ts'

describe('rating values (spec §3, §5, §9)', () => {
  it('round to one decimal', () => {
    expect(roundRating(3.14159)).toBe(3.1)
    expect(roundRating(2.25)).toBe(2.3)
    expect(roundRating(4.95)).toBe(5)
  })

  it('are clamped between 0 and the number of stars', () => {
    expect(clampRating(-2)).toBe(0)
    expect(clampRating(7)).toBe(5)
    expect(clampRating(7, 10)).toBe(7)
    expect(clampRating(3.46)).toBe(3.5)
    for (const junk of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(clampRating(junk)).toBe(0)
  })

  it('keep the default of 5 stars when the count is not a positive whole number', () => {
    expect([starCount(undefined), starCount(0), starCount(-3), starCount(2.5), starCount(10)]).toEqual([5, 5, 5, 5, 10])
  })

  it('change by 0.5 with the minus and plus buttons, never past the ends', () => {
    expect(stepRating(3, 1)).toBe(3.5)
    expect(stepRating(3, -1)).toBe(2.5)
    expect(stepRating(5, 1)).toBe(5)
    expect(stepRating(0, -1)).toBe(0)
    // A value off the grid (an average) snaps to it before stepping.
    expect(stepRating(3.2, 1)).toBe(3.5)
    expect(stepRating(3.3, -1)).toBe(3)
  })

  it('are set by a click on a star, whole or half', () => {
    expect(ratingFromStar(2, false)).toBe(3)
    expect(ratingFromStar(2, true)).toBe(2.5)
    expect(ratingFromStar(9, false)).toBe(5)
  })

  it('fill each star whole, half or not at all', () => {
    expect([0, 1, 2, 3, 4].map((i) => starFill(3.5, i))).toEqual([1, 1, 1, 0.5, 0])
    expect([0, 1, 2, 3, 4].map((i) => starFill(3.4, i))).toEqual([1, 1, 1, 0, 0])
  })

  it('average to one decimal, and to 0 before anyone rates', () => {
    expect(averageRating(11, 3)).toBe(3.7)
    expect(averageRating(0, 0)).toBe(0)
  })
})
