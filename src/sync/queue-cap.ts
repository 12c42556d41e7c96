// How many unknown teams one run may put in the queue (decision 100). A provider that names
// thousands of teams would otherwise fill the queue, and the desk's page with it: past the
// cap, a fixture that would add a team is held back, and a later run brings it.
import { aliasKey } from '../../lib/alias-key.ts'
import type { IncomingFixture } from './fixture.ts'
import type { SyncLimits } from './provider-limits.ts'

/** What the queue knows of the fixtures' names: alias keys an alias reaches, keys already waiting, teams waiting. */
export interface QueueRoom {
  aliased: Set<string>
  waiting: Set<string>
  queued: number
}

/**
 * The fixtures to write, in order, while the teams they add to the queue stay within the
 * cap; how many are held back; and how many teams the kept ones add. A side is queued under
 * its first name, as the writer queues it, unless an alias reaches one of its names.
 */
export function withinQueueCap(
  fixtures: IncomingFixture[],
  room: QueueRoom,
  limits: Pick<SyncLimits, 'newTeamsPerRun' | 'queueMax'>,
): { kept: IncomingFixture[]; held: number; added: number } {
  const allowed = Math.max(0, Math.min(limits.newTeamsPerRun, limits.queueMax - room.queued))
  const added = new Set<string>()
  const kept: IncomingFixture[] = []
  let held = 0
  for (const fixture of fixtures) {
    const unknown = [fixture.home, fixture.away].filter((names) => !names.some((name) => room.aliased.has(aliasKey(name))))
    const adds = new Set(unknown.map((names) => aliasKey(names[0]!)).filter((key) => !room.waiting.has(key) && !added.has(key)))
    if (added.size + adds.size > allowed) {
      held++
      continue
    }
    for (const key of adds) added.add(key)
    kept.push(fixture)
  }
  return { kept, held, added: added.size }
}
