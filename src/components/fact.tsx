import type { ReactNode } from 'react'

/** One line of a description list of facts (a club's, a player's, a match's). */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  )
}
