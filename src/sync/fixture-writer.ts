// Writes what a provider says about its fixtures, for both syncs. Teams are found through
// club_aliases only: a name no alias reaches waits in sync_unmatched_teams with its fixtures
// until an editor maps it (decision 094). A match an editor has changed since the sync last
// wrote it (its live_version moved, or it has events an editor entered) is left alone, and the
// difference recorded as a conflict. A changed match raises live_version and is broadcast to
// its room; the matches table's trigger raises the versions of the pages that show it, so cached
// pages follow.
import type postgres from 'postgres'
import { aliasKey } from '../../lib/alias-key.ts'
import type { LiveState } from '../../lib/live.ts'
import { applyKnownDeductions } from '../db/known-deductions.ts'
import {
  findClubs,
  findFixture,
  insertFixture,
  linkFixture,
  queueTeam,
  releaseReachedTeams,
  seasonId,
  type SyncedClub,
  updateFixture,
} from '../db/synced-fixtures.ts'
import { fixtureKey, type IncomingFixture, type Pair } from './fixture.ts'

export type Broadcast = (matchId: number, state: LiveState) => Promise<void>

export interface WriteOutcome {
  created: number
  updated: number
  unchanged: number
  queued: number
  held: number
  changes: { match: number; fields: string[] }[]
  conflicts: { match: number; fields: Record<string, { ours: unknown; theirs: unknown }> }[]
  errors: string[]
}

/** What one sync run did: sync_runs keeps it and the data status page shows it. */
export interface SyncReport extends WriteOutcome {
  /** Requests sent to the provider (a 304 counts). */
  requests: number
}

export const emptyOutcome = (): WriteOutcome => ({ created: 0, updated: 0, unchanged: 0, queued: 0, held: 0, changes: [], conflicts: [], errors: [] })

/** The fields a sync owns, as stored and as incoming, in one comparable shape. */
function syncedFields(f: { round: string | null; kickoff: string | Date; kickoff_time_known?: boolean; kickoffTimeKnown?: boolean; status: string; ft: Pair; ht: Pair; pen: Pair }) {
  return {
    round: f.round,
    kickoff: new Date(f.kickoff).toISOString(),
    kickoff_time_known: f.kickoff_time_known ?? f.kickoffTimeKnown ?? true,
    status: f.status,
    ft: f.ft,
    ht: f.ht,
    pen: f.pen,
  }
}

type Fields = ReturnType<typeof syncedFields>

function differing(stored: Fields, incoming: Fields): (keyof Fields)[] {
  return (Object.keys(incoming) as (keyof Fields)[]).filter((k) => JSON.stringify(stored[k]) !== JSON.stringify(incoming[k]))
}

export async function writeFixtures(sql: postgres.Sql, fixtures: IncomingFixture[], broadcast: Broadcast): Promise<WriteOutcome> {
  const outcome = emptyOutcome()
  await releaseReachedTeams(sql)
  const clubs = await findClubs(sql, fixtures.flatMap((f) => [...f.home, ...f.away]))
  const clubOf = (names: string[]): SyncedClub | undefined => names.map((n) => clubs.get(aliasKey(n))).find((c) => c !== undefined)
  const seasons = new Map<string, number | null>()
  for (const fixture of fixtures) {
    const seasonKey = `${fixture.competitionId} ${fixture.season}`
    if (!seasons.has(seasonKey)) seasons.set(seasonKey, await seasonId(sql, fixture.competitionId, fixture.season))
    const season = seasons.get(seasonKey)
    if (season === null || season === undefined) {
      if (!outcome.errors.some((e) => e.includes(fixture.competitionId))) outcome.errors.push(`competition ${fixture.competitionId} is not in the database`)
      continue
    }
    const [home, away] = [clubOf(fixture.home), clubOf(fixture.away)]
    if (!home || !away) {
      for (const [club, names] of [[home, fixture.home], [away, fixture.away]] as const) if (!club) await queueTeam(sql, names[0]!, fixture)
      outcome.queued++
      continue
    }
    if (home.id === away.id) {
      outcome.errors.push(`${fixtureKey(fixture)}: both teams are the same club`)
      continue
    }
    await writeOne(sql, fixture, season, home, away, broadcast, outcome)
  }
  return outcome
}

async function writeOne(sql: postgres.Sql, fixture: IncomingFixture, season: number, home: SyncedClub, away: SyncedClub, broadcast: Broadcast, outcome: WriteOutcome): Promise<void> {
  const incoming = syncedFields(fixture)
  const sourceKey = sourceKeyOf(fixture, home, away)
  const stored = await findFixture(sql, fixture, sourceKey, season, home.id, away.id)
  if (!stored) {
    // A club enters the season's table with its first match there: the sanctions the project
    // knows for the season come in the same transaction (decision 102).
    await sql.begin(async (tx) => {
      const id = await insertFixture(tx, fixture, season, home.id, away.id, sourceKey)
      await linkFixture(tx, id, fixture, 0)
      await applyKnownDeductions(tx, [{ competition: fixture.competitionId, label: fixture.season }])
    })
    outcome.created++
    return
  }
  const fields = differing(syncedFields(stored), incoming)
  const editorChanged = stored.held_by_editor || stored.live_version !== (stored.synced_version ?? 0)
  if (editorChanged) {
    // A match made at the desk is linked to the provider's fixture when first met, at version
    // 0: the editors' values stay, and the provider's differing ones wait in the conflict queue.
    if (stored.synced_version === null) await linkFixture(sql, stored.id, fixture, 0)
    if (fields.length > 0) {
      const stated = syncedFields(stored)
      outcome.held++
      outcome.conflicts.push({ match: stored.id, fields: Object.fromEntries(fields.map((k) => [k, { ours: stated[k], theirs: incoming[k] }])) })
    } else outcome.unchanged++
    return
  }
  if (fields.length === 0) {
    if (stored.synced_version === null) await linkFixture(sql, stored.id, fixture, stored.live_version)
    outcome.unchanged++
    return
  }
  const state = await updateFixture(sql, stored.id, fixture)
  await linkFixture(sql, stored.id, fixture, state.version)
  outcome.updated++
  outcome.changes.push({ match: stored.id, fields })
  await broadcast(stored.id, state)
}

/**
 * openfootball's fixtures keep the importer's key (scripts/import/plan.ts), so a sync reaches
 * the rows the seed imported; football-data's carry the provider's id.
 */
function sourceKeyOf(f: IncomingFixture, home: SyncedClub, away: SyncedClub): string {
  return f.source === 'openfootball'
    ? `match:${f.competitionId}:${f.season}:${f.externalId.slice(0, 10)}:${home.sourceKey}:${away.sourceKey}`
    : `football-data:${f.externalId}`
}
