// A spoiler-free reader's reveals (supabase/migrations/…_spoiler_reveals.sql; decision 139).
// The session's statement reads them (src/db/sessions.ts); this writes one.
import type postgres from 'postgres'

/** Shows the match's score to the reader from now on: false when there is no such match. A second press changes nothing. */
export async function revealMatch(sql: postgres.Sql, userId: string, matchId: number): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`
    with target as (select id from matches where id = ${matchId}),
    saved as (
      insert into spoiler_reveals (user_id, match_id)
      select ${userId}, id from target
      on conflict (user_id, match_id) do nothing
    )
    select exists (select 1 from target) as found`
  return row!.found
}
