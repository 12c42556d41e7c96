// The competitions pages' data: the index, and a competition's season.
import type postgres from 'postgres'
import type { LocalizedText } from '../../lib/localized.ts'
import { type CompetitionRef, type Deduction, matchJoins, matchJson, type MatchSummary, type SeasonRef, seasonDeductions, seasonRefJson, tablesSource, type TablesSource, taggedPosts, team, type TeamRef } from './football-fragments.ts'
import type { PostSummary } from './posts.ts'

export type { SeasonRef }

export interface TopScorer {
  playerId: number | null
  name: string
  player: LocalizedText | null
  team: TeamRef
  goals: number
  penalties: number
}

export interface LeaguePage extends TablesSource {
  competition: CompetitionRef & { country: string | null }
  seasons: SeasonRef[]
  season: SeasonRef
  /** The season's rounds in the order they began ('' for matches without one). */
  rounds: string[]
  /** The round shown (1-based): the one asked for, else the first with a match to play, else the last; null without rounds. */
  round: number | null
  /** The matches of the round shown. */
  roundMatches: MatchSummary[]
  deductions: Deduction[]
  scorers: TopScorer[]
  posts: PostSummary[]
}

/**
 * A competition's season (`label`, else its latest) with everything its page shows: its
 * tables (stored, or its matches to work them out), and one round (`round`, 1-based).
 */
/** `withMatches`: the season's matches even when its tables are stored, for a signed-in reader who may hide some (decision 139). */
export async function loadLeague(sql: postgres.Sql, competitionId: string, lang: string, label?: string, round?: number, withMatches = false): Promise<LeaguePage | null> {
  const [row] = await sql<LeaguePage[]>`
    with comp as (select * from competitions where id = ${competitionId}),
    season_list as (select id, label from seasons where competition_id = ${competitionId}),
    -- Without a season asked for: the latest with a result (a season of demo fixtures alone
    -- would open on an empty table).
    chosen as (
      select sl.id, sl.label from season_list sl
      where ${label ?? null}::text is null or sl.label = ${label ?? null}
      order by exists (select 1 from matches m where m.season_id = sl.id and m.status in ('finished', 'awarded')) desc, sl.label desc
      limit 1
    ),
    -- Rounds in the order they began, as the page lists them.
    rounds as (
      select coalesce(m.round, '') as name, row_number() over (order by min(m.kickoff), min(m.id))::int as n,
             bool_or(m.status in ('scheduled', 'live')) as open
      from matches m where m.season_id = (select id from chosen) and m.replay_of is null
      group by coalesce(m.round, '')
    ),
    shown as (
      select n, name from rounds
      where n = coalesce(${round ?? null}::int, (select coalesce(min(n) filter (where open), max(n)) from rounds))
    )
    select
      (select json_build_object('id', id, 'name', name, 'short', short_name, 'kind', kind, 'country', country) from comp) as competition,
      (select json_agg(${seasonRefJson(sql, 'sl')} order by sl.label desc) from season_list sl) as seasons,
      (select ${seasonRefJson(sql, 'ch')} from chosen ch) as season,
      coalesce((select json_agg(name order by n) from rounds), '[]'::json) as rounds,
      (select n from shown) as round,
      coalesce((select json_agg(${matchJson(sql)} order by m.kickoff, m.id)
        from matches m ${matchJoins(sql)}
        where m.season_id = (select id from chosen) and m.replay_of is null and coalesce(m.round, '') = (select name from shown)), '[]'::json) as "roundMatches",
      ${tablesSource(sql, sql`(select id from chosen)`, lang, withMatches)},
      ${seasonDeductions(sql, sql`(select id from chosen)`)} as deductions,
      coalesce((select json_agg(x order by x.goals desc, x.name) from (
          select e.player_id as "playerId", min(e.player_name) as name, min(pl.name::text)::jsonb as player,
                 ${team('t', sql)} as team,
                 count(*)::int as goals, count(*) filter (where e.kind = 'penalty_goal')::int as penalties
          from match_events e
          join matches m on m.id = e.match_id and m.replay_of is null
          join clubs t on t.id = case when e.side = 1 then m.home_club_id else m.away_club_id end
          left join players pl on pl.id = e.player_id
          where m.season_id = (select id from chosen) and e.kind in ('goal', 'penalty_goal')
          group by coalesce(e.player_id::text, e.player_name), e.player_id, t.id
          order by goals desc limit 20) x), '[]'::json) as scorers,
      ${taggedPosts(sql, sql`t.competition_id = ${competitionId}`, 6)} as posts
    where exists (select 1 from comp) and exists (select 1 from chosen)`
  return row ?? null
}

export interface CompetitionListing extends CompetitionRef {
  country: string | null
  seasons: string[]
}

export async function loadCompetitions(sql: postgres.Sql): Promise<CompetitionListing[]> {
  return sql<CompetitionListing[]>`
    select c.id, c.name, c.short_name as short, c.kind, c.country,
           -- json, not an array: the client skips type discovery (fetch_types: false) and
           -- would hand back a Postgres array literal as a string.
           coalesce(json_agg(s.label order by s.label desc) filter (where s.id is not null), '[]') as seasons
    from competitions c left join seasons s on s.competition_id = c.id
    group by c.id
    order by c.priority, c.id`
}
