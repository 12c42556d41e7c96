// The one door every sync's fixtures pass on their way to the writer (decision 100): a
// fixture whose round or team name is past its bound is refused with its field, and the
// fixtures that would add teams past the queue's cap are held back for a later run. The
// football-data schema has bounded its fields already, naming the provider's own; openfootball's
// parser bounds none, so for its files this is the check.
import type postgres from 'postgres'
import { queueRoom } from '../db/sync-state.ts'
import { type IncomingFixture, refusedField } from './fixture.ts'
import type { SyncLimits } from './provider-limits.ts'
import { withinQueueCap } from './queue-cap.ts'

export interface Admitted {
  /** The fixtures to write, in order. */
  kept: IncomingFixture[]
  /** How many wait for a later run: their teams would not fit in the queue. */
  held: number
  /** Each refused fixture, and one line for those held back. */
  errors: string[]
}

/**
 * One run's door. A run may pass fixtures through it more than once (openfootball a file at a
 * time): the teams it lets into the queue are counted across the calls, so the cap is the run's.
 */
export function admission(sql: postgres.Sql, limits: Pick<SyncLimits, 'newTeamsPerRun' | 'queueMax'>): (fixtures: IncomingFixture[]) => Promise<Admitted> {
  let addedThisRun = 0
  return async (fixtures) => {
    const errors: string[] = []
    const bounded = fixtures.filter((fixture) => {
      const refusal = refusedField(fixture)
      if (refusal) errors.push(refusal)
      return !refusal
    })
    const room = await queueRoom(sql, bounded.flatMap((f) => [...f.home, ...f.away]))
    const { kept, held, added } = withinQueueCap(bounded, room, { ...limits, newTeamsPerRun: limits.newTeamsPerRun - addedThisRun })
    addedThisRun += added
    if (held > 0) {
      errors.push(`${held} fixtures name teams the queue has no room for (${limits.newTeamsPerRun} new a run, ${limits.queueMax} in all): they wait for a later run`)
    }
    return { kept, held, errors }
  }
}
