// The matches pages' data: a day of fixtures, and one match with all its page shows.
import type postgres from 'postgres'
import { type CommentaryEntry, type CompetitionRef, type Deduction, eventsJson, lineupsJson, type Lineups, matchCommentaryJson, type MatchEvent, matchJoins, matchJson, type MatchSummary, seasonDeductions, type Stadium, stadiumJson, tablesSource, type TablesSource, taggedPosts } from './football-fragments.ts'
import type { LocalizedText } from '../../lib/localized.ts'
import { type Broadcast, broadcastsJson } from './channels.ts'
import type { PostMedia, PostSummary } from './posts.ts'

/** A broadcast of one of the day's matches, with every country it covers: the page keeps the reader's. */
export interface DayBroadcast {
  channel: LocalizedText
  freeToAir: boolean
  countries: string[]
  commentators: LocalizedText[]
}

export interface DayMatch extends MatchSummary {
  /** In the editor's order (list_order). */
  broadcasts: DayBroadcast[]
}

export interface MatchesDay {
  matches: DayMatch[]
  competitions: CompetitionRef[]
  /** The desk's order of the big competitions (competition_order), first first. */
  bigCompetitions: string[]
  /** The signed-in reader's followed competitions, the first followed first; none for a guest. */
  followedCompetitions: string[]
}

/**
 * A match (aliases as matchJson's) with its broadcasts for every country, as jsonb: the
 * matches page and My Hadaf pick the reader's country's (src/football/match-day.ts broadcastsIn).
 */
export const dayMatchJson = (sql: postgres.Sql) => sql`${matchJson(sql)}::jsonb || jsonb_build_object('broadcasts', coalesce((
    select jsonb_agg(jsonb_build_object('channel', ch.name, 'freeToAir', ch.free_to_air,
      'countries', to_jsonb(b.countries), 'commentators', b.commentators) order by b.list_order)
    from broadcasts b join channels ch on ch.id = b.channel_id where b.match_id = m.id), '[]'::jsonb))`

/**
 * Matches kicking off on `day` (YYYY-MM-DD) in `timeZone`, optionally of one competition, each
 * with its broadcasts for every country: which country is the reader's is the route's to say,
 * so the statement, and a page without broadcasts, do not depend on it. `reader`: the
 * signed-in reader, whose followed competitions the same statement reads (decision 137).
 */
export async function loadMatchesDay(sql: postgres.Sql, day: string, timeZone: string, competition?: string, reader?: string): Promise<MatchesDay> {
  const [row] = await sql<MatchesDay[]>`
    with bounds as (
      select (${day}::date)::timestamp at time zone ${timeZone} as start_at,
             (${day}::date + 1)::timestamp at time zone ${timeZone} as end_at
    ), day_matches as (
      select ${dayMatchJson(sql)} as match,
             c.id as competition_id, m.kickoff, m.id
      from matches m ${matchJoins(sql)}, bounds b
      where m.kickoff >= b.start_at and m.kickoff < b.end_at
    )
    select
      coalesce((select json_agg(match order by kickoff, id) from day_matches
                where ${competition ?? null}::text is null or competition_id = ${competition ?? null}), '[]'::json) as matches,
      coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'short', c.short_name, 'kind', c.kind) order by c.priority, c.id)
                from competitions c), '[]'::json) as competitions,
      coalesce((select json_agg(competition_id order by position) from competition_order), '[]'::json) as "bigCompetitions",
      coalesce((select json_agg(f.competition_id order by f.created_at, f.id) from follows f
                where f.user_id = ${reader ?? null}::uuid and f.competition_id is not null), '[]'::json) as "followedCompetitions"`
  return row!
}

export interface HeadToHead {
  matches: MatchSummary[]
}

export interface MatchPage extends TablesSource {
  match: MatchSummary
  /** The match's season, whose tables (TablesSource) give the standings context of a league or group match. */
  seasonId: number
  stadium: Stadium | null
  events: MatchEvent[]
  /** The live text, as lib/live.ts compareCommentary orders it. */
  commentary: CommentaryEntry[]
  lineups: Lineups
  headToHead: MatchSummary[]
  deductions: Deduction[]
  posts: PostSummary[]
  /** The videos and audio of published posts about this match, newest post first. */
  media: PostMedia[]
  /** Where to watch it, in the editor's order. */
  broadcasts: Broadcast[]
  /** Why it was postponed, cancelled, abandoned or awarded, as the desk recorded it. */
  statusReason: LocalizedText | null
}

/** `withMatches`: the season's matches even when its tables are stored, for a reader who may hide some (decision 139). */
export async function loadMatch(sql: postgres.Sql, id: number, lang: string, withMatches = false): Promise<MatchPage | null> {
  const [row] = await sql<MatchPage[]>`
    with target as (select * from matches where id = ${id})
    select
      (select ${matchJson(sql)} from target m ${matchJoins(sql)}) as match,
      (select ${stadiumJson(sql)} from target m join stadiums st on st.id = m.stadium_id) as stadium,
      ${eventsJson(sql, id)} as events,
      ${matchCommentaryJson(sql, id)} as commentary,
      ${lineupsJson(sql, id)} as lineups,
      coalesce((select json_agg(x.match order by x.kickoff desc) from (
          select ${matchJson(sql)} as match, m.kickoff
          from matches m ${matchJoins(sql)}, target t
          where m.id <> t.id and m.status in ('finished', 'awarded') and m.replay_of is null
            and ((m.home_club_id = t.home_club_id and m.away_club_id = t.away_club_id)
              or (m.home_club_id = t.away_club_id and m.away_club_id = t.home_club_id))
          order by m.kickoff desc limit 10) x), '[]'::json) as "headToHead",
      (select season_id::int from target) as "seasonId",
      ${tablesSource(sql, sql`(select season_id from target)`, lang, withMatches)},
      ${seasonDeductions(sql, sql`(select season_id from target)`)} as deductions,
      ${taggedPosts(
        sql,
        sql`t.match_id = ${id} or t.club_id in (select home_club_id from target union select away_club_id from target)`,
        4,
      )} as posts,
      coalesce((select json_agg(item.value order by p.published_at desc, p.id, item.ordinality)
        from posts p cross join lateral jsonb_array_elements(p.media) with ordinality item
        where p.status = 'published' and exists (select 1 from post_tags t where t.post_id = p.id and t.match_id = ${id})
      ), '[]'::json) as media,
      ${broadcastsJson(sql, id)} as broadcasts,
      (select status_reason from target) as "statusReason"
    where exists (select 1 from target)`
  return row ?? null
}
