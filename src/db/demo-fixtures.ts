// The seed's invented fixtures step aside once a sync has brought real ones (decisions 096 and
// 103); replays, demo copies of real matches, are not invented and stay. So does a fixture the
// newsroom has made its own: a post is tagged with it, or an editor has written to it at the
// desk. An editor's touch is told as the sync's conflict rule tells it (src/sync/fixture-writer.ts):
// live_version moved past what a sync wrote (every live write raises it: a step, a score, an
// event, a line of text, a team sheet), or events an editor entered; and, should a write ever
// not raise it, commentary, team sheets or an editor's audit entry about the match. Each
// removal is audited, by the site itself.
import type postgres from 'postgres'
import { recordAudit } from './audit.ts'

interface RemovedFixture {
  id: string
  season_id: string
  home_club_id: number
  away_club_id: number
  kickoff: string
  status: string
  source_key: string
}

/** Removes the demo fixtures nobody has made their own, auditing each; how many went. */
export async function removeDemoFixtures(sql: postgres.Sql): Promise<number> {
  return sql.begin(async (tx) => {
    const removed = await tx<RemovedFixture[]>`
      delete from matches m
      where m.demo and m.replay_of is null and m.source_key like 'demo:%'
        and m.live_version = coalesce((select l.synced_version from sync_match_links l where l.match_id = m.id), 0)
        and not exists (select 1 from match_events e where e.match_id = m.id and e.entered_by is not null)
        and not exists (select 1 from match_commentary t where t.match_id = m.id)
        and not exists (select 1 from lineups p where p.match_id = m.id)
        and not exists (select 1 from match_teamsheets s where s.match_id = m.id)
        and not exists (select 1 from post_tags g where g.match_id = m.id)
        and not exists (select 1 from audit_log a where a.target_type = 'match' and a.target_id = m.id::text and a.actor_id is not null)
      returning m.id::text, m.season_id::text, m.home_club_id::int, m.away_club_id::int, m.kickoff, m.status, m.source_key`
    for (const { id, ...fixture } of removed) {
      await recordAudit(tx, null, { action: 'match.demo_remove', targetType: 'match', targetId: id, before: fixture, after: null })
    }
    return removed.length
  })
}
