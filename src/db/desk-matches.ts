// The live desk's reads (issue 16): the matches an editor would run (those kicking off within
// a week either side of now; demo replays are the demo script's), and what the console
// needs besides the live snapshot: the match's teams and each side's squad for the picker.
import type postgres from 'postgres'
import type { LiveSnapshot, SquadPlayer } from '../../lib/live.ts'
import { contains } from './desk-football.ts'
import { matchJoins, matchJson, type MatchSummary } from './football-fragments.ts'
import { loadLiveSnapshot } from './live.ts'

export interface DeskMatches {
  /** Live or suspended. */
  live: MatchSummary[]
  /** Scheduled from the start of the last day to seven days ahead, soonest first. */
  upcoming: MatchSummary[]
  /** Over in the last seven days, latest first. */
  recent: MatchSummary[]
}

/** The desk's match list; `q` keeps the matches of a club whose name (either language, or short) contains it. */
export async function listDeskMatches(sql: postgres.Sql, q: string): Promise<DeskMatches> {
  const like = contains(q)
  const named = (alias: 'h' | 'a') =>
    sql`(${sql(alias)}.name ->> 'en' ilike ${like} or ${sql(alias)}.name ->> 'ar' ilike ${like}
      or ${sql(alias)}.short_name ->> 'en' ilike ${like} or ${sql(alias)}.short_name ->> 'ar' ilike ${like})`
  const [row] = await sql<DeskMatches[]>`
    with found as (
      select ${matchJson(sql)} as match, m.status, m.kickoff, m.id
      from matches m ${matchJoins(sql)}
      where m.replay_of is null and m.kickoff > now() - interval '7 days' and m.kickoff < now() + interval '7 days'
        and ${q === '' ? sql`true` : sql`(${named('h')} or ${named('a')})`}
    )
    select
      coalesce((select json_agg(match order by kickoff, id) from found where status in ('live', 'suspended')), '[]'::json) as live,
      coalesce((select json_agg(x.match order by x.kickoff, x.id) from (select * from found
        where status = 'scheduled' and kickoff > now() - interval '1 day' order by kickoff, id limit 100) x), '[]'::json) as upcoming,
      coalesce((select json_agg(x.match order by x.kickoff desc, x.id) from (select * from found
        where status not in ('live', 'suspended', 'scheduled') and kickoff <= now() order by kickoff desc, id limit 50) x), '[]'::json) as recent`
  return row!
}

export interface DeskMatch {
  match: MatchSummary
  live: LiveSnapshot
  /** Each side's players in the match's season, by shirt number; empty when the squad is not known. */
  squads: { home: SquadPlayer[]; away: SquadPlayer[] }
}

/** The console's data, or null when there is no such match. */
export async function loadDeskMatch(sql: postgres.Sql, id: number): Promise<DeskMatch | null> {
  const squad = (club: string) => sql`coalesce((
    select json_agg(json_build_object('id', p.id, 'name', p.name, 'shirtNumber', coalesce(sm.shirt_number, p.shirt_number),
        'position', coalesce(sm.position, p.position)) order by coalesce(sm.shirt_number, p.shirt_number) nulls last, p.name ->> 'en', p.id)
    from squad_members sm join players p on p.id = sm.player_id
    where sm.season_id = m.season_id and sm.club_id = m.${sql(club)}), '[]'::json)`
  const [[row], live] = await Promise.all([
    sql<{ match: MatchSummary; home: SquadPlayer[]; away: SquadPlayer[] }[]>`
      select ${matchJson(sql)} as match, ${squad('home_club_id')} as home, ${squad('away_club_id')} as away
      from matches m ${matchJoins(sql)} where m.id = ${id}`,
    loadLiveSnapshot(sql, id),
  ])
  if (!row || !live) return null
  return { match: row.match, live, squads: { home: row.home, away: row.away } }
}
