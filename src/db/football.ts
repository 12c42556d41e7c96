// The football pages' data. Each page is one SQL statement (CTEs and json_agg), so a page
// costs one round trip to the database whatever it shows.
import type postgres from 'postgres'
import type { MatchEvent, MatchStatus, ScorePair } from '../../lib/live.ts'
import type { LocalizedText } from '../../lib/localized.ts'
import { type PostMedia, type PostSummary, postSummaryJson } from './posts.ts'
import type { RatingTotals } from './ratings.ts'

export interface TeamRef {
  id: number
  name: LocalizedText
  short: LocalizedText
  crest: string | null
  kind: 'club' | 'national'
}

export interface CompetitionRef {
  id: string
  name: LocalizedText
  short: LocalizedText
  kind: 'league' | 'cup'
}

export type { MatchEvent, ScorePair }

export interface MatchSummary {
  id: number
  kickoff: string
  timeKnown: boolean
  status: MatchStatus
  minute: number | null
  /** Raised by every change an editor saves (lib/live.ts). */
  version: number
  /** The match a demo replay plays again, if this is one. */
  replayOf: number | null
  round: string | null
  group: string | null
  venue: string | null
  demo: boolean
  home: TeamRef
  away: TeamRef
  ft: ScorePair | null
  ht: ScorePair | null
  et: ScorePair | null
  pen: ScorePair | null
  competition: CompetitionRef
  season: string
}

/** Points taken off a club in a season, with why and where that is recorded. */
export interface Deduction {
  clubId: number
  points: number
  reason: LocalizedText
  source: string
}

/** A connection or a transaction: the fragments below fit in either's statements. */
export type SqlTag = postgres.Sql | postgres.TransactionSql

// The shapes every query shares, written once. They expect the aliases m (matches),
// h and a (home and away clubs), c (competitions) and s (seasons).
const team = (alias: string, sql: postgres.Sql) =>
  sql`json_build_object('id', ${sql(alias)}.id, 'name', ${sql(alias)}.name, 'short', ${sql(alias)}.short_name, 'crest', ${sql(alias)}.crest, 'kind', ${sql(alias)}.kind)`

/** The deductions of the season `seasonId` (an SQL expression), for its tables. */
export const seasonDeductions = (sql: postgres.Sql, seasonId: postgres.PendingQuery<postgres.Row[]>) =>
  sql`coalesce((select json_agg(json_build_object('clubId', d.club_id, 'points', d.points, 'reason', d.reason, 'source', d.source_url)
    order by d.decided_on, d.id) from point_deductions d where d.season_id = ${seasonId}), '[]'::json)`

export const pair = (sql: SqlTag, home: string, away: string) =>
  sql`case when m.${sql(home)} is null then null else json_build_array(m.${sql(home)}, m.${sql(away)}) end`

export function matchJson(sql: postgres.Sql) {
  return sql`json_build_object(
    'id', m.id, 'kickoff', m.kickoff, 'timeKnown', m.kickoff_time_known, 'status', m.status,
    'minute', m.minute, 'round', m.round, 'group', m.group_name, 'venue', m.venue, 'demo', m.demo,
    'version', m.live_version, 'replayOf', m.replay_of,
    'home', ${team('h', sql)}, 'away', ${team('a', sql)},
    'ft', ${pair(sql, 'ft_home', 'ft_away')}, 'ht', ${pair(sql, 'ht_home', 'ht_away')},
    'et', ${pair(sql, 'et_home', 'et_away')}, 'pen', ${pair(sql, 'pen_home', 'pen_away')},
    'competition', json_build_object('id', c.id, 'name', c.name, 'short', c.short_name, 'kind', c.kind),
    'season', s.label
  )`
}

export const matchJoins = (sql: postgres.Sql) => sql`
  join seasons s on s.id = m.season_id
  join competitions c on c.id = s.competition_id
  join clubs h on h.id = m.home_club_id
  join clubs a on a.id = m.away_club_id`

/** One event as the timeline shows it (lib/live.ts `MatchEvent`); aliases e (match_events) and pl (players). */
export const eventJson = (sql: SqlTag) => sql`json_build_object(
  'id', e.id, 'kind', e.kind, 'minute', e.minute, 'stoppage', e.stoppage, 'side', e.side,
  'playerId', e.player_id, 'playerName', e.player_name, 'player', pl.name, 'otherPlayerName', e.other_player_name)`

/** A match's events in timeline order. */
export function eventsJson(sql: postgres.Sql, matchId: number) {
  return sql`coalesce((select json_agg(${eventJson(sql)} order by e.minute, coalesce(e.stoppage, 0), e.id)
    from match_events e left join players pl on pl.id = e.player_id
    where e.match_id = ${matchId}), '[]'::json)`
}

/** Up to `limit` published posts tagged with any of the given targets, newest first. */
function taggedPosts(sql: postgres.Sql, where: postgres.PendingQuery<postgres.Row[]>, limit: number) {
  return sql`coalesce((
    select json_agg(x.post order by x.published_at desc) from (
      select ${postSummaryJson(sql)} as post, p.published_at
      from posts p
      where p.status = 'published'
        and exists (select 1 from post_tags t where t.post_id = p.id and (${where}))
      order by p.published_at desc
      limit ${limit}
    ) x
  ), '[]'::json)`
}

export interface MatchesDay {
  matches: MatchSummary[]
  competitions: CompetitionRef[]
}

/** Matches kicking off on `day` (YYYY-MM-DD) in `timeZone`, optionally of one competition. */
export async function loadMatchesDay(sql: postgres.Sql, day: string, timeZone: string, competition?: string): Promise<MatchesDay> {
  const [row] = await sql<{ matches: MatchSummary[]; competitions: CompetitionRef[] }[]>`
    with bounds as (
      select (${day}::date)::timestamp at time zone ${timeZone} as start_at,
             (${day}::date + 1)::timestamp at time zone ${timeZone} as end_at
    ), day_matches as (
      select ${matchJson(sql)} as match, c.priority, c.id as competition_id, m.kickoff, m.id
      from matches m ${matchJoins(sql)}, bounds b
      where m.kickoff >= b.start_at and m.kickoff < b.end_at
    )
    select
      coalesce((select json_agg(match order by priority, competition_id, kickoff, id) from day_matches
                where ${competition ?? null}::text is null or competition_id = ${competition ?? null}), '[]'::json) as matches,
      coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'short', c.short_name, 'kind', c.kind) order by c.priority, c.id)
                from competitions c), '[]'::json) as competitions`
  return row!
}

export interface HeadToHead {
  matches: MatchSummary[]
}

export interface MatchPage {
  match: MatchSummary
  stadium: { name: string; city: string | null; capacity: number | null } | null
  events: MatchEvent[]
  headToHead: MatchSummary[]
  /** Every match of the season, for the standings context of league and group matches. */
  seasonMatches: MatchSummary[]
  deductions: Deduction[]
  posts: PostSummary[]
  /** The videos and audio of published posts about this match, newest post first. */
  media: PostMedia[]
}

export async function loadMatch(sql: postgres.Sql, id: number): Promise<MatchPage | null> {
  const [row] = await sql<MatchPage[]>`
    with target as (select * from matches where id = ${id})
    select
      (select ${matchJson(sql)} from target m ${matchJoins(sql)}) as match,
      (select json_build_object('name', st.name, 'city', st.city, 'capacity', st.capacity)
         from target m join stadiums st on st.id = m.stadium_id) as stadium,
      ${eventsJson(sql, id)} as events,
      coalesce((select json_agg(x.match order by x.kickoff desc) from (
          select ${matchJson(sql)} as match, m.kickoff
          from matches m ${matchJoins(sql)}, target t
          where m.id <> t.id and m.status in ('finished', 'awarded') and m.replay_of is null
            and ((m.home_club_id = t.home_club_id and m.away_club_id = t.away_club_id)
              or (m.home_club_id = t.away_club_id and m.away_club_id = t.home_club_id))
          order by m.kickoff desc limit 10) x), '[]'::json) as "headToHead",
      coalesce((select json_agg(${matchJson(sql)})
        from matches m ${matchJoins(sql)}, target t
        where m.season_id = t.season_id and m.replay_of is null), '[]'::json) as "seasonMatches",
      ${seasonDeductions(sql, sql`(select season_id from target)`)} as deductions,
      ${taggedPosts(
        sql,
        sql`t.match_id = ${id} or t.club_id in (select home_club_id from target union select away_club_id from target)`,
        4,
      )} as posts,
      coalesce((select json_agg(item.value order by p.published_at desc, p.id, item.ordinality)
        from posts p cross join lateral jsonb_array_elements(p.media) with ordinality item
        where p.status = 'published' and exists (select 1 from post_tags t where t.post_id = p.id and t.match_id = ${id})
      ), '[]'::json) as media
    where exists (select 1 from target)`
  return row ?? null
}

export interface SeasonRef {
  id: number
  label: string
}

export interface TopScorer {
  playerId: number | null
  name: string
  player: LocalizedText | null
  team: TeamRef
  goals: number
  penalties: number
}

export interface LeaguePage {
  competition: CompetitionRef & { country: string | null }
  seasons: SeasonRef[]
  season: SeasonRef
  matches: MatchSummary[]
  deductions: Deduction[]
  scorers: TopScorer[]
  posts: PostSummary[]
}

/** A competition's season (`label`, else its latest) with everything its page shows. */
export async function loadLeague(sql: postgres.Sql, competitionId: string, label?: string): Promise<LeaguePage | null> {
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
    )
    select
      (select json_build_object('id', id, 'name', name, 'short', short_name, 'kind', kind, 'country', country) from comp) as competition,
      (select json_agg(json_build_object('id', id, 'label', label) order by label desc) from season_list) as seasons,
      (select json_build_object('id', id, 'label', label) from chosen) as season,
      coalesce((select json_agg(${matchJson(sql)} order by m.kickoff, m.id)
        from matches m ${matchJoins(sql)} where m.season_id = (select id from chosen) and m.replay_of is null), '[]'::json) as matches,
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

export interface SquadPlayer {
  id: number
  name: LocalizedText
  position: 'GK' | 'DF' | 'MF' | 'FW' | null
  shirtNumber: number | null
}

export interface ClubPage {
  club: TeamRef & {
    founded: number | null
    city: string | null
    country: string | null
    fifaCode: string | null
    stadium: { name: string; city: string | null; capacity: number | null } | null
  }
  matches: MatchSummary[]
  squad: SquadPlayer[]
  competitions: CompetitionRef[]
  posts: PostSummary[]
}

export async function loadClub(sql: postgres.Sql, id: number): Promise<ClubPage | null> {
  const [row] = await sql<ClubPage[]>`
    with target as (select * from clubs where id = ${id})
    select
      (select json_build_object('id', k.id, 'name', k.name, 'short', k.short_name, 'crest', k.crest, 'kind', k.kind,
              'founded', k.founded, 'city', k.city, 'country', k.country, 'fifaCode', k.fifa_code,
              'stadium', (select json_build_object('name', st.name, 'city', st.city, 'capacity', st.capacity)
                          from stadiums st where st.id = k.stadium_id))
         from target k) as club,
      coalesce((select json_agg(${matchJson(sql)} order by m.kickoff)
        from matches m ${matchJoins(sql)}
        where (m.home_club_id = ${id} or m.away_club_id = ${id}) and m.replay_of is null), '[]'::json) as matches,
      coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'position', p.position, 'shirtNumber', p.shirt_number)
          order by array_position(array['GK','DF','MF','FW'], p.position), p.shirt_number nulls last, p.id)
        from players p where p.club_id = ${id}
          or p.id in (select sm.player_id from squad_members sm where sm.club_id = ${id})), '[]'::json) as squad,
      coalesce((select json_agg(distinct jsonb_build_object('id', c.id, 'name', c.name, 'short', c.short_name, 'kind', c.kind))
        from matches m join seasons s on s.id = m.season_id join competitions c on c.id = s.competition_id
        where m.home_club_id = ${id} or m.away_club_id = ${id}), '[]'::json) as competitions,
      ${taggedPosts(sql, sql`t.club_id = ${id}`, 6)} as posts
    where exists (select 1 from target)`
  return row ?? null
}

export interface PlayerPage {
  player: {
    id: number
    name: LocalizedText
    position: 'GK' | 'DF' | 'MF' | 'FW' | null
    shirtNumber: number | null
    dateOfBirth: string | null
    photo: string | null
    bio: LocalizedText | null
    club: TeamRef | null
    nationality: TeamRef | null
    /** Readers' ratings so far (src/db/ratings.ts). */
    rating: RatingTotals
  }
  /**
   * The player's figures per competition season that Hadaf holds (their squads, and the
   * seasons of matches that record them), newest first: never career totals.
   */
  record: PlayerSeasonRecord[]
  matches: MatchSummary[]
  posts: PostSummary[]
}

export interface PlayerSeasonRecord {
  competition: { id: string; name: LocalizedText }
  season: string
  /** Matches whose lineup or events name the player. */
  matches: number
  goals: number
}

export async function loadPlayer(sql: postgres.Sql, id: number): Promise<PlayerPage | null> {
  const [row] = await sql<PlayerPage[]>`
    with target as (select * from players where id = ${id}),
    -- A replay's events name real players, but a replay is not another match they played.
    own_events as (
      select e.* from match_events e join matches m on m.id = e.match_id and m.replay_of is null
      where e.player_id = ${id} or e.other_player_id = ${id}
    ),
    played as (
      select e.match_id, m.season_id from own_events e join matches m on m.id = e.match_id
      union select l.match_id, m.season_id from lineups l join matches m on m.id = l.match_id and m.replay_of is null
        where l.player_id = ${id}
    ),
    seasons_held as (
      select season_id from squad_members where player_id = ${id}
      union select season_id from played
    )
    select
      (select json_build_object('id', p.id, 'name', p.name, 'position', p.position, 'shirtNumber', p.shirt_number,
              'dateOfBirth', p.date_of_birth, 'photo', p.photo, 'bio', p.bio,
              'rating', json_build_object('count', p.rating_count, 'sum', p.rating_sum),
              'club', (select ${team('k', sql)} from clubs k where k.id = p.club_id),
              'nationality', (select ${team('n', sql)} from clubs n where n.id = p.nationality_id))
         from target p) as player,
      coalesce((select json_agg(json_build_object('competition', json_build_object('id', c.id, 'name', c.name), 'season', s.label,
          'matches', (select count(*) from played p where p.season_id = s.id),
          'goals', (select count(*) from own_events e join matches m on m.id = e.match_id
            where m.season_id = s.id and e.player_id = ${id} and e.kind in ('goal', 'penalty_goal')))
          order by s.label desc, c.id)
        from seasons s join competitions c on c.id = s.competition_id where s.id in (select season_id from seasons_held)), '[]'::json) as record,
      coalesce((select json_agg(${matchJson(sql)} order by m.kickoff desc)
        from matches m ${matchJoins(sql)} where m.id in (select match_id from played)), '[]'::json) as matches,
      ${taggedPosts(sql, sql`t.player_id = ${id}`, 6)} as posts
    where exists (select 1 from target)`
  return row ?? null
}
