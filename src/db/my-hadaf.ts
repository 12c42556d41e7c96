// My Hadaf's data (issue 27, section 2; decision 137): everything the page shows of what one
// reader follows, in one statement after the session's. Every part reads the reader's follows
// through the CTE `mine`, so nothing of another reader's can reach the page.
import type postgres from 'postgres'
import { type CompetitionRef, type Deduction, matchJoins, seasonDeductions, tablesSource, type TablesSource, taggedPosts } from './football-fragments.ts'
import { followedClubs } from './follows.ts'
import { dayMatchJson, type DayMatch } from './matches.ts'
import type { PostSummary } from './posts.ts'

/** How many fixtures to come, results and posts the page lists. */
const LISTED = 10

/** A followed competition's current season, with what its tables are worked out from. */
export interface FollowedSeason extends TablesSource {
  seasonId: number
  label: string
  competition: CompetitionRef
  deductions: Deduction[]
}

export interface MyHadaf {
  /** How many follows the reader has: none gives the page's explanation instead. */
  follows: number
  /** Followed clubs and the clubs of followed players: marked in the tables. */
  clubs: number[]
  /** Live now (or stopped, to resume), or kicking off today in the reader's zone; live first. */
  today: DayMatch[]
  /** The next fixtures after today. */
  next: DayMatch[]
  /** The latest results, newest first. */
  results: DayMatch[]
  seasons: FollowedSeason[]
  /** Published posts tagged with anything followed, newest first. */
  posts: PostSummary[]
  /** When the reader's calendar address was made; null when they have none. */
  calendarSince: string | null
}

/**
 * What the reader `userId` follows, for My Hadaf in `lang`, "today" being `day` (YYYY-MM-DD)
 * in `timeZone`. The matches followed are those of followed clubs (and of followed players'
 * clubs), of followed competitions, and followed matches; replays of demo matches are left out.
 * A competition's current season is the one its page opens on: the latest with a result.
 */
/** `withMatches`: each season's matches even when its tables are stored, for a spoiler-free reader (decision 139). */
export async function loadMyHadaf(sql: postgres.Sql, userId: string, lang: string, day: string, timeZone: string, withMatches = false): Promise<MyHadaf> {
  const [row] = await sql<MyHadaf[]>`
    with mine as (select * from follows where user_id = ${userId}),
    ${followedClubs(sql)},
    followed_competitions as (select competition_id as id, min(created_at) as since from mine where competition_id is not null group by competition_id),
    bounds as (
      select (${day}::date)::timestamp at time zone ${timeZone} as start_at,
             (${day}::date + 1)::timestamp at time zone ${timeZone} as end_at
    ),
    followed as (
      select m.*, m.status in ('live', 'suspended') as in_play from matches m
      where m.replay_of is null and (
        m.home_club_id in (select id from followed_clubs) or m.away_club_id in (select id from followed_clubs)
        or m.id in (select match_id from mine where match_id is not null)
        or m.season_id in (select s.id from seasons s where s.competition_id in (select id from followed_competitions)))
    ),
    current_seasons as (
      select fc.since, cs.* from followed_competitions fc, lateral (
        select s.id, s.label, s.competition_id from seasons s
        where s.competition_id = fc.id
        order by exists (select 1 from matches m where m.season_id = s.id and m.status in ('finished', 'awarded')) desc, s.label desc
        limit 1) cs
    )
    select
      (select count(*)::int from mine) as follows,
      coalesce((select json_agg(id) from followed_clubs), '[]'::json) as clubs,
      coalesce((select json_agg(x.match order by x.in_play desc, x.kickoff, x.id) from (
          select ${dayMatchJson(sql)} as match, m.in_play, m.kickoff, m.id from followed m ${matchJoins(sql)}, bounds d
          where m.in_play or (m.kickoff >= d.start_at and m.kickoff < d.end_at)) x), '[]'::json) as today,
      coalesce((select json_agg(x.match order by x.kickoff, x.id) from (
          select ${dayMatchJson(sql)} as match, m.kickoff, m.id from followed m ${matchJoins(sql)}, bounds d
          where m.status = 'scheduled' and m.kickoff >= d.end_at
          order by m.kickoff, m.id limit ${LISTED}) x), '[]'::json) as next,
      coalesce((select json_agg(x.match order by x.kickoff desc, x.id desc) from (
          select ${dayMatchJson(sql)} as match, m.kickoff, m.id from followed m ${matchJoins(sql)}
          where m.status in ('finished', 'awarded')
          order by m.kickoff desc, m.id desc limit ${LISTED}) x), '[]'::json) as results,
      coalesce((select json_agg(to_json(x) order by x.since) from (
          select cs.id::int as "seasonId", cs.label, cs.since,
            (select json_build_object('id', c.id, 'name', c.name, 'short', c.short_name, 'kind', c.kind) from competitions c where c.id = cs.competition_id) as competition,
            ${seasonDeductions(sql, sql`cs.id`)} as deductions, t.*
          from current_seasons cs, lateral (select ${tablesSource(sql, sql`cs.id`, lang, withMatches)}) t) x), '[]'::json) as seasons,
      ${taggedPosts(
        sql,
        sql`t.club_id in (select club_id from mine) or t.player_id in (select player_id from mine)
          or t.competition_id in (select competition_id from mine) or t.match_id in (select match_id from mine)`,
        LISTED,
      )} as posts,
      (select created_at from personal_calendars where user_id = ${userId}) as "calendarSince"`
  return row!
}
