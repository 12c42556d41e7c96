// The live desk's reads (issue 16): the matches an editor would run (those kicking off within
// a week either side of now; demo replays are the demo script's), and what the console
// needs besides the live snapshot: the match's teams and each side's squad for the picker.
import type postgres from 'postgres'
import { type LiveSnapshot, RESULT_AWAITED_AFTER_MS, type SquadPlayer } from '../../lib/live.ts'
import type { LocalizedText } from '../../lib/localized.ts'
import { contains } from './desk-football.ts'
import { matchJoins, matchJson, type MatchSummary } from './football-fragments.ts'
import { loadLiveSnapshot } from './live.ts'

export interface DeskMatches {
  /** Live or suspended. */
  live: MatchSummary[]
  /** Scheduled from three hours ago (later, they need a result) to seven days ahead, soonest first. */
  upcoming: MatchSummary[]
  /** Over in the last seven days, latest first. */
  recent: MatchSummary[]
  /** Still scheduled three hours past kick-off (lib/live.ts `shownStatus`), by competition, the oldest first. */
  needsResult: AwaitingResult[]
}

/** A competition's matches that need a result: how many, and the oldest of them. */
export interface AwaitingResult {
  competition: { id: string; name: LocalizedText }
  count: number
  /** At most AWAITING_SHOWN, oldest first. */
  matches: MatchSummary[]
}

/** How many of a competition's matches awaiting a result the list holds: an editor clears the oldest first. */
export const AWAITING_SHOWN = 50

/**
 * The desk's match list; `q` keeps the matches of a club whose name (either language, or short)
 * contains it; `needsResult` keeps only the matches that need a result.
 */
export async function listDeskMatches(sql: postgres.Sql, q: string, needsResult = false): Promise<DeskMatches> {
  const like = contains(q)
  const named = (alias: 'h' | 'a') =>
    sql`(${sql(alias)}.name ->> 'en' ilike ${like} or ${sql(alias)}.name ->> 'ar' ilike ${like}
      or ${sql(alias)}.short_name ->> 'en' ilike ${like} or ${sql(alias)}.short_name ->> 'ar' ilike ${like})`
  const clubNamed = q === '' ? sql`true` : sql`(${named('h')} or ${named('a')})`
  const [row] = await sql<DeskMatches[]>`
    with awaiting as (
      select m.id, m.kickoff, c.id as competition_id, c.name as competition_name,
        row_number() over (partition by c.id order by m.kickoff, m.id) as place,
        count(*) over (partition by c.id) as count
      from matches m ${matchJoins(sql)}
      where m.replay_of is null and m.status = 'scheduled'
        and m.kickoff < now() - make_interval(secs => ${RESULT_AWAITED_AFTER_MS / 1000}) and ${clubNamed}
    ),
    needs as (
      -- A match's JSON is built only for those the list shows.
      select json_build_object('competition', json_build_object('id', w.competition_id, 'name', w.competition_name),
          'count', w.count::int, 'matches', json_agg(${matchJson(sql)} order by w.kickoff, w.id)) as competition,
        min(w.kickoff) as oldest, w.competition_id
      from awaiting w join matches m on m.id = w.id ${matchJoins(sql)}
      where w.place <= ${AWAITING_SHOWN}
      group by w.competition_id, w.competition_name, w.count
    ),
    found as (
      select ${matchJson(sql)} as match, m.status, m.kickoff, m.id
      from matches m ${matchJoins(sql)}
      where m.replay_of is null and m.kickoff > now() - interval '7 days' and m.kickoff < now() + interval '7 days'
        and ${clubNamed} and not ${needsResult}
    )
    select
      coalesce((select json_agg(match order by kickoff, id) from found where status in ('live', 'suspended')), '[]'::json) as live,
      coalesce((select json_agg(x.match order by x.kickoff, x.id) from (select * from found
        where status = 'scheduled' and kickoff >= now() - make_interval(secs => ${RESULT_AWAITED_AFTER_MS / 1000})
        order by kickoff, id limit 100) x), '[]'::json) as upcoming,
      coalesce((select json_agg(x.match order by x.kickoff desc, x.id) from (select * from found
        where status not in ('live', 'suspended', 'scheduled') and kickoff <= now() order by kickoff desc, id limit 50) x), '[]'::json) as recent,
      coalesce((select json_agg(competition order by oldest, competition_id) from needs), '[]'::json) as "needsResult"`
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
