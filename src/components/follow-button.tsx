// The follow button of a club's, player's, competition's or match's page (client/islands/follow.tsx).
// It wakes at the first touch: until then it is a plain form, and a page nobody touches runs nothing.
import type { FollowProps } from '../../client/islands/follow.tsx'
import { Island } from './island.tsx'

export function FollowButton(props: FollowProps) {
  return <Island name="follow" props={props} hydrate="interaction" />
}
