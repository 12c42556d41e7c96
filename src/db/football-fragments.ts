// What the football pages' data modules share: the shapes of a team, a competition and a
// match, and the SQL fragments that build them. Each page is one SQL statement (CTEs and
// json_agg), so a page costs one round trip to the database whatever it shows.
import type postgres from 'postgres'
import type { CommentaryEntry, Lineups, MatchEvent, MatchPhase, MatchStatus, ScorePair } from '../../lib/live.ts'
import type { LocalizedText } from '../../lib/localized.ts'
import type { SeasonRules } from '../../lib/standings-rules.ts'
import { postSummaryJson } from './posts.ts'

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

export type { CommentaryEntry, Lineups, MatchEvent, ScorePair }

export interface MatchSummary {
  id: number
  kickoff: string
  timeKnown: boolean
  status: MatchStatus
  minute: number | null
  /** While live: the half, the break, extra time or penalties, and when the running period started. */
  phase: MatchPhase | null
  periodStartedAt: string | null
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
  /** Set by src/football/spoilers.ts `veil` for a spoiler-free reader: the scores above are taken out. */
  hidden?: true
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
export const team = (alias: string, sql: SqlTag) =>
  sql`json_build_object('id', ${sql(alias)}.id, 'name', ${sql(alias)}.name, 'short', ${sql(alias)}.short_name, 'crest', ${sql(alias)}.crest, 'kind', ${sql(alias)}.kind)`

/** A competition's season as pages name it: `final` once every match it holds is done (issue 34). */
export interface SeasonRef {
  id: number
  label: string
  final: boolean
}

/**
 * The season aliased `alias` as a SeasonRef. Final: it holds matches and none is still to be
 * played or finished (scheduled, in play, suspended or postponed); a match whose result is
 * awaited keeps its season open, as it is not done.
 */
export const seasonRefJson = (sql: SqlTag, alias: string) => sql`json_build_object('id', ${sql(alias)}.id, 'label', ${sql(alias)}.label,
  'final', exists (select 1 from matches fm where fm.season_id = ${sql(alias)}.id)
    and not exists (select 1 from matches fm where fm.season_id = ${sql(alias)}.id and fm.status in ('scheduled', 'live', 'suspended', 'postponed')))`

/** A stadium, as pages show it. */
export interface Stadium {
  name: LocalizedText
  city: LocalizedText | null
  capacity: number | null
}

/**
 * The stadium aliased `st`: its name and city in both languages when an editor gave them
 * (stadiums.names), else the one text its source wrote, which every language then shows.
 */
export const stadiumJson = (sql: SqlTag) => sql`json_build_object(
  'name', coalesce(st.names, jsonb_build_object('en', st.name)),
  'city', coalesce(st.cities, case when st.city is null then null else jsonb_build_object('en', st.city) end),
  'capacity', st.capacity)`

/** The deductions of the season `seasonId` (an SQL expression), for its tables. */
export const seasonDeductions = (sql: postgres.Sql, seasonId: postgres.PendingQuery<postgres.Row[]>) =>
  sql`coalesce((select json_agg(json_build_object('clubId', d.club_id, 'points', d.points, 'reason', d.reason, 'source', d.source_url)
    order by d.decided_on, d.id) from point_deductions d where d.season_id = ${seasonId}), '[]'::json)`

/** A score's two columns as one JSON [home, away], or null when it has none. */
export const scorePair = (sql: SqlTag, home: string, away: string) =>
  sql`case when m.${sql(home)} is null then null else json_build_array(m.${sql(home)}, m.${sql(away)}) end`

export function matchJson(sql: SqlTag) {
  return sql`json_build_object(
    'id', m.id, 'kickoff', m.kickoff, 'timeKnown', m.kickoff_time_known, 'status', m.status,
    'minute', m.minute, 'phase', m.phase, 'periodStartedAt', m.period_started_at, 'round', m.round, 'group', m.group_name, 'venue', m.venue, 'demo', m.demo,
    'version', m.live_version, 'replayOf', m.replay_of,
    'home', ${team('h', sql)}, 'away', ${team('a', sql)},
    'ft', ${scorePair(sql, 'ft_home', 'ft_away')}, 'ht', ${scorePair(sql, 'ht_home', 'ht_away')},
    'et', ${scorePair(sql, 'et_home', 'et_away')}, 'pen', ${scorePair(sql, 'pen_home', 'pen_away')},
    'competition', json_build_object('id', c.id, 'name', c.name, 'short', c.short_name, 'kind', c.kind),
    'season', s.label
  )`
}

export const matchJoins = (sql: SqlTag) => sql`
  join seasons s on s.id = m.season_id
  join competitions c on c.id = s.competition_id
  join clubs h on h.id = m.home_club_id
  join clubs a on a.id = m.away_club_id`

/** One event as the timeline shows it (lib/live.ts `MatchEvent`); aliases e (match_events) and pl (players). */
export const eventJson = (sql: SqlTag) => sql`json_build_object(
  'id', e.id, 'kind', e.kind, 'minute', e.minute, 'stoppage', e.stoppage, 'side', e.side,
  'playerId', e.player_id, 'playerName', e.player_name, 'player', pl.name, 'otherPlayerName', e.other_player_name,
  'detail', e.detail)`

/** A match's events in timeline order. */
export function eventsJson(sql: postgres.Sql, matchId: number) {
  return sql`coalesce((select json_agg(${eventJson(sql)} order by e.minute, coalesce(e.stoppage, 0), e.id)
    from match_events e left join players pl on pl.id = e.player_id
    where e.match_id = ${matchId}), '[]'::json)`
}

/** One entry of the live text (lib/live.ts `CommentaryEntry`); alias k (match_commentary). */
export const commentaryJson = (sql: SqlTag) => sql`json_build_object(
  'id', k.id, 'minute', k.minute, 'stoppage', k.stoppage, 'text', json_build_object('ar', k.text_ar, 'en', k.text_en),
  'key', k.key, 'pinned', k.pinned)`

/** A match's live text, pinned first, then newest minute first (as lib/live.ts compareCommentary). */
export function matchCommentaryJson(sql: SqlTag, matchId: number) {
  return sql`coalesce((select json_agg(${commentaryJson(sql)}
      order by k.pinned desc, k.minute desc, coalesce(k.stoppage, 0) desc, k.id desc)
    from match_commentary k where k.match_id = ${matchId}), '[]'::json)`
}

/** A match's two team sheets (lib/live.ts `Lineups`), each null until the desk enters it. */
export function lineupsJson(sql: SqlTag, matchId: number) {
  const players = (side: 1 | 2, starter: boolean) => sql`coalesce((select json_agg(json_build_object(
      'playerId', l.player_id, 'name', l.player_name, 'player', pl.name, 'shirtNumber', l.shirt_number, 'position', l.position)
      order by l.list_order)
    from lineups l left join players pl on pl.id = l.player_id
    where l.match_id = ${matchId} and l.side = ${side} and l.starter = ${starter}), '[]'::json)`
  const side = (n: 1 | 2) => sql`(select json_build_object('formation', t.formation, 'coach', t.coach,
      'starters', ${players(n, true)}, 'bench', ${players(n, false)})
    from match_teamsheets t where t.match_id = ${matchId} and t.side = ${n})`
  return sql`json_build_object('home', ${side(1)}, 'away', ${side(2)})`
}

/** Up to `limit` published posts tagged with any of the given targets, newest first. */
export function taggedPosts(sql: postgres.Sql, where: postgres.PendingQuery<postgres.Row[]>, limit: number) {
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

/** A season's standings as a page's statement returns them (src/football/tables.ts `seasonTables`). */
export interface TablesSource {
  /** The competition's table rules, season by season (competition_rules); null for the default rules. */
  competitionRules: SeasonRules[] | null
  /** tables_version when the statement ran: what tables computed from these matches are stored under. */
  tablesVersion: string
  /** The season's tables in the page's language, as stored since the last change; null when not. */
  storedTables: unknown
  /** The season's matches for the rules engine, only when no current tables are stored or a match is in play. */
  tableMatches: MatchSummary[] | null
}

/**
 * The columns of TablesSource for the season `seasonId`: its stored tables in `lang` while
 * they are current (decision 073), and its matches only when they are not or while one of
 * them is in play (the table as it stands, decision 097), so a page with stored tables and
 * no live match neither receives nor parses the season. `withMatches`: a signed-in request,
 * whose reader may be spoiler-free, always gets the matches, to leave hidden ones out (decision 139).
 */
export function tablesSource(sql: postgres.Sql, seasonId: postgres.PendingQuery<postgres.Row[]>, lang: string, withMatches = false) {
  const current = sql`season_tables st where st.season_id = ${seasonId} and st.lang = ${lang}
    and st.version = (select version from tables_version)`
  const inPlay = sql`matches m where m.season_id = ${seasonId} and m.status in ('live', 'suspended') and m.replay_of is null`
  return sql`
    (select version::text from tables_version) as "tablesVersion",
    (select r.seasons from competition_rules r join seasons rs on rs.competition_id = r.competition_id where rs.id = ${seasonId}) as "competitionRules",
    (select st.tables from ${current}) as "storedTables",
    case when not ${withMatches}::boolean and exists (select 1 from ${current}) and not exists (select 1 from ${inPlay}) then null
      else coalesce((select json_agg(${matchJson(sql)}) from matches m ${matchJoins(sql)}
        where m.season_id = ${seasonId} and m.replay_of is null), '[]'::json)
    end as "tableMatches"`
}
