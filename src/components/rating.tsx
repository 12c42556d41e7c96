// The rating of a post or a player, as its page shows it: the island renders the average
// and the count from the page's own statement, and the form readers without JavaScript use.
import { averageRating } from '../../lib/rating.ts'
import type { RatedKind, RatingTotals } from '../db/ratings.ts'
import { Island } from './island.tsx'

/** `path`: the page's canonical path, where the form and a sign-in bring the reader back. */
export function RatingWidget({ type, id, totals, path }: { type: RatedKind; id: number; totals: RatingTotals; path: string }) {
  return (
    <Island
      name="rating"
      props={{ type, id, average: averageRating(totals.sum, totals.count), count: totals.count, page: path }}
      hydrate="interaction"
    />
  )
}
