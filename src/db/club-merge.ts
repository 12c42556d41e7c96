// Merging two clubs the importer failed to reconcile (decision 086): every row that names the
// merged club names the survivor instead, the merged club's names become the survivor's
// aliases (so the next import reaches the survivor), its old id keeps answering with a 301
// (club_redirects), and the row itself goes. All of it in one transaction with its audit
// entry: a merge half done would leave matches pointing at a club that is no longer shown.
// The tables' and pages' versions rise through their triggers on clubs and matches, in
// the same transaction (decisions 073 and 114).
import type postgres from 'postgres'
import type { SqlTag } from './football-fragments.ts'
import { aliasKey } from '../../lib/alias-key.ts'
import { recordAudit } from './audit.ts'
import type { LocalizedText } from '../../lib/localized.ts'

/** What a merge moves from the merged club to the survivor, counted per kind of row. */
export interface MergeCounts {
  matches: number
  players: number
  squadMembers: number
  postTags: number
  deductions: number
  aliases: number
}

export interface MergeSummary {
  from: { id: string; name: LocalizedText }
  into: { id: string; name: LocalizedText }
  counts: MergeCounts
}

export type MergeRefusal = { missing: 'id' | 'into' } | { same: true } | { playedEachOther: number }

interface ClubRow {
  id: string
  name: LocalizedText
  short_name: LocalizedText
  source_key: string
}

const countsOf = (sql: SqlTag, id: number) => sql<MergeCounts[]>`
  select
    (select count(*)::int from matches where ${id} in (home_club_id, away_club_id)) as matches,
    (select count(*)::int from players where club_id = ${id} or nationality_id = ${id}) as players,
    (select count(*)::int from squad_members where club_id = ${id}) as "squadMembers",
    (select count(*)::int from post_tags where club_id = ${id}) as "postTags",
    (select count(*)::int from point_deductions where club_id = ${id}) as deductions,
    (select count(*)::int from club_aliases where club_id = ${id}) as aliases`

/** Both clubs, and why they cannot merge if they cannot. */
async function check(sql: SqlTag, id: number, into: number, lock: boolean): Promise<MergeRefusal | { from: ClubRow; into: ClubRow }> {
  if (id === into) return { same: true }
  // Locked in id order, so two merges of the same pair wait for each other instead of deadlocking.
  const rows = await sql<ClubRow[]>`
    select id::text, name, short_name, source_key from clubs where id in (${id}, ${into}) order by id
    ${lock ? sql`for update` : sql``}`
  const from = rows.find((r) => r.id === String(id))
  const survivor = rows.find((r) => r.id === String(into))
  if (!from) return { missing: 'id' }
  if (!survivor) return { missing: 'into' }
  // Two clubs that met on the pitch are two clubs: one cannot play itself.
  const [met] = await sql<{ n: number }[]>`
    select count(*)::int as n from matches
    where (home_club_id = ${id} and away_club_id = ${into}) or (home_club_id = ${into} and away_club_id = ${id})`
  if (met!.n > 0) return { playedEachOther: met!.n }
  return { from, into: survivor }
}

const summaryOf = (from: ClubRow, into: ClubRow, counts: MergeCounts): MergeSummary => ({
  from: { id: from.id, name: from.name },
  into: { id: into.id, name: into.name },
  counts,
})

/** What merging `id` into `into` would move, for the screen that asks to confirm it. */
export async function previewMerge(sql: postgres.Sql, id: number, into: number): Promise<MergeSummary | MergeRefusal> {
  const checked = await check(sql, id, into, false)
  if (!('from' in checked)) return checked
  const [counts] = await countsOf(sql, id)
  return summaryOf(checked.from, checked.into, counts!)
}

/** Merges club `id` into club `into`; the merged club's row is gone afterwards. */
export async function mergeClubs(sql: postgres.Sql, id: number, into: number, actorId: string): Promise<MergeSummary | MergeRefusal> {
  return sql.begin(async (tx) => {
    const checked = await check(tx, id, into, true)
    if (!('from' in checked)) return checked
    const { from, into: survivor } = checked
    const [counts] = await countsOf(tx, id)
    await tx`update matches set home_club_id = ${into} where home_club_id = ${id}`
    await tx`update matches set away_club_id = ${into} where away_club_id = ${id}`
    await tx`update players set club_id = ${into} where club_id = ${id}`
    await tx`update players set nationality_id = ${into} where nationality_id = ${id}`
    await tx`update squad_members set club_id = ${into} where club_id = ${id}`
    // A post tagged with both clubs keeps one tag.
    await tx`delete from post_tags t where t.club_id = ${id}
      and exists (select 1 from post_tags s where s.post_id = t.post_id and s.club_id = ${into})`
    await tx`update post_tags set club_id = ${into} where club_id = ${id}`
    await tx`update point_deductions set club_id = ${into} where club_id = ${id}`
    await tx`update club_aliases set club_id = ${into} where club_id = ${id}`
    // The merged club's own names, in both languages, become spellings of the survivor.
    const names = [...new Set([...Object.values(from.name), ...Object.values(from.short_name)].filter((n): n is string => Boolean(n)))]
    for (const name of names) {
      await tx`insert into club_aliases (alias_key, alias, club_id) values (${aliasKey(name)}, ${name}, ${into}) on conflict (alias_key) do nothing`
    }
    // What the survivor lacks, the merged club may know.
    await tx`
      update clubs s set crest = coalesce(s.crest, m.crest), crest_credit = coalesce(s.crest_credit, m.crest_credit),
        crest_licence = coalesce(s.crest_licence, m.crest_licence), founded = coalesce(s.founded, m.founded),
        city = coalesce(s.city, m.city), country = coalesce(s.country, m.country),
        stadium_id = coalesce(s.stadium_id, m.stadium_id), fifa_code = coalesce(s.fifa_code, m.fifa_code)
      from clubs m where s.id = ${into} and m.id = ${id}`
    await tx`update club_redirects set club_id = ${into} where club_id = ${id}`
    await tx`insert into club_redirects (old_id, old_source_key, club_id) values (${id}, ${from.source_key}, ${into})`
    // The merged club's open conflicts go with it: the survivor's fields are what stays.
    await tx`delete from import_conflicts where target_type = 'club' and target_id = ${id} and resolved_at is null`
    await tx`delete from clubs where id = ${id}`
    const summary = summaryOf(from, survivor, counts!)
    await recordAudit(tx, actorId, { action: 'club.merge', targetType: 'club', targetId: into, before: { merged: from, into: survivor }, after: summary })
    return summary
  })
}

/** The club a merged club's id now stands for, if it was merged. */
export async function mergedInto(sql: postgres.Sql, id: number): Promise<string | undefined> {
  const [row] = await sql<{ club_id: string }[]>`select club_id::text from club_redirects where old_id = ${id}`
  return row?.club_id
}
