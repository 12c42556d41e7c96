// The openfootball sync: the current seasons' files over HTTPS (OPENFOOTBALL_URLS), asked for
// with the ETag of the last answer, so an unchanged file costs a 304 and imports nothing. A
// changed file goes through the importer's own parser (lib/openfootball/parse-text.ts) and its
// kick-off rule, its fixtures through the syncs' admission (bounded fields, the queue's cap:
// decision 100), and through the sync's writer: teams by alias, editors' changes kept.
import type postgres from 'postgres'
import { keepEtag, keptEtag } from '../db/sync-state.ts'
import { competitionZones } from '../db/synced-fixtures.ts'
import { kickoffOf } from '../../lib/openfootball/kickoff.ts'
import type { MatchRecord } from '../../lib/openfootball/model.ts'
import { parseText } from '../../lib/openfootball/parse-text.ts'
import { remoteFileName, remoteUrl } from '../../lib/openfootball/remote-url.ts'
import { admission } from './admission.ts'
import type { IncomingFixture } from './fixture.ts'
import { type Broadcast, emptyOutcome, type SyncReport, type WriteOutcome, writeFixtures } from './fixture-writer.ts'
import { askProvider, SYNC_LIMITS, type SyncLimits } from './provider-limits.ts'

const SOURCE = 'openfootball'

/** European seasons start in July: in November 2026 the current one is 2026-27, in March 2027 still 2026-27. */
export function withSeason(url: string, now: Date): string {
  const start = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1
  return url.replaceAll('{season}', `${start}-${String((start + 1) % 100).padStart(2, '0')}`)
}

export async function syncOpenfootball(sql: postgres.Sql, urls: string[], broadcast: Broadcast, limits: SyncLimits = SYNC_LIMITS, now = new Date()): Promise<SyncReport> {
  const report: SyncReport = { requests: 0, ...emptyOutcome() }
  const admit = admission(sql, limits)
  for (const raw of urls.map((url) => withSeason(url, now))) {
    report.requests++
    try {
      const fetched = await fetchChanged(remoteUrl(raw), await keptEtag(sql, SOURCE, raw), limits)
      if (!fetched) continue
      const parsed = parseText(fetched.text, remoteFileName(fetched.url))
      if (parsed.errors.length > 0) throw new Error(`${parsed.errors.length} parse error(s), first: ${parsed.errors[0]!.message}`)
      const zones = await competitionZones(sql, [...new Set(parsed.matches.map((m) => m.competitionKey))])
      const admitted = await admit(parsed.matches.map((m) => fixtureOf(m, zones.get(m.competitionKey) ?? 'UTC')))
      report.errors.push(...admitted.errors.map((error) => `${raw}: ${error}`))
      merge(report, await writeFixtures(sql, admitted.kept, broadcast))
      // The ETag is kept only once the file is in: a failed write, or fixtures held back for the
      // queue's room, and the file is fetched whole next time.
      if (admitted.held === 0) await keepEtag(sql, SOURCE, raw, fetched.etag)
    } catch (e) {
      report.errors.push(`${raw}: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  return report
}

/** The file's text when it changed since `etag`, the one kept for it; null on a 304. Bounded in time and size (decision 100). */
async function fetchChanged(url: URL, etag: string | null, limits: SyncLimits): Promise<{ url: URL; text: string; etag: string | null } | null> {
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9' }
  if (etag) headers['if-none-match'] = etag
  const { res, text } = await askProvider(url, headers, limits)
  if (res.status === 304) return null
  if (!res.ok) {
    await res.body?.cancel()
    throw new Error(`the server answered ${res.status}`)
  }
  return { url, text: await text(), etag: res.headers.get('etag') }
}

/** The importer's record as a fixture. Its id starts with the local date, which the importer's match key carries. */
function fixtureOf(m: MatchRecord, zone: string): IncomingFixture {
  const { kickoff, timeKnown } = kickoffOf(m.date, m.time, m.utcOffset, zone)
  return {
    source: SOURCE,
    externalId: `${m.date} ${m.team1} v ${m.team2}`,
    competitionId: m.competitionKey,
    season: m.season,
    round: m.round,
    kickoff,
    kickoffTimeKnown: timeKnown,
    home: [m.team1],
    away: [m.team2],
    status: m.status,
    ft: m.score.ft ?? null,
    ht: m.score.ht ?? null,
    pen: m.score.p ?? null,
  }
}

function merge(into: SyncReport, from: WriteOutcome): void {
  into.created += from.created
  into.updated += from.updated
  into.unchanged += from.unchanged
  into.queued += from.queued
  into.held += from.held
  into.changes.push(...from.changes)
  into.conflicts.push(...from.conflicts)
  into.errors.push(...from.errors)
}
