// Clubs an editor merged at the desk (decision 086) are gone, but a names file or the
// directory may still spell them apart and plan a row under the merged club's source_key.
// Every reference to such a key is turned to the survivor's before the write, so an import
// after a merge neither brings the merged club back nor splits its matches off again.
import type { Sql } from 'postgres'
import type { FileRows } from './plan.ts'

/** The merged clubs' old source_key → the survivor's source_key. */
export async function readMergedClubs(sql: Sql): Promise<Map<string, string>> {
  const rows = await sql<{ old_source_key: string; source_key: string }[]>`
    select r.old_source_key, c.source_key from club_redirects r join clubs c on c.id = r.club_id`
  return new Map(rows.map((r) => [r.old_source_key, r.source_key]))
}

/** `rows` with every merged club's key replaced by its survivor's, and no row for a merged club. */
export function followMerges(rows: FileRows, merged: Map<string, string>): FileRows {
  if (merged.size === 0) return rows
  const to = (key: string): string => merged.get(key) ?? key
  const toNullable = (key: string | null): string | null => (key === null ? null : to(key))
  return {
    ...rows,
    clubs: rows.clubs.filter((c) => !merged.has(c.source_key)),
    aliases: rows.aliases.map((a) => ({ ...a, club_id: to(a.club_id) })),
    players: rows.players.map((p) => ({ ...p, nationality_id: to(p.nationality_id), club_id: toNullable(p.club_id) })),
    squadMembers: rows.squadMembers.map((s) => ({ ...s, club_id: to(s.club_id) })),
    matches: rows.matches.map((m) => ({ ...m, home_club_id: to(m.home_club_id), away_club_id: to(m.away_club_id) })),
  }
}
