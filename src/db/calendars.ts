// What a calendar feed holds (issue 26, section 4; decision 125): a club's or a competition's
// matches of the current season and the next, each with what a calendar event shows of it,
// and, when the feed asks for a country, where to watch it there. One statement per feed.
import { type Stadium, stadiumJson } from './football-fragments.ts'
import type postgres from 'postgres'
import type { CountryCode } from '../../lib/countries.ts'
import type { CommentaryLanguage } from '../../lib/languages.ts'
import type { MatchStatus } from '../../lib/live.ts'
import type { LocalizedText } from '../../lib/localized.ts'
import type { Commentator } from './channels.ts'
import { followedClubs } from './follows.ts'

export interface FeedBroadcast {
  channel: LocalizedText
  commentators: Commentator[]
  language: CommentaryLanguage | null
}

export interface FeedMatch {
  id: number
  kickoff: string
  timeKnown: boolean
  status: MatchStatus
  round: string | null
  home: LocalizedText
  away: LocalizedText
  competition: LocalizedText
  season: string
  /** The stadium, else the venue the source wrote (as its name); null when neither is known. */
  venue: Pick<Stadium, 'name' | 'city'> | null
  /** Raised by every change a calendar shows (matches_schedule_revised): the event's SEQUENCE. */
  revision: number
  revisedAt: string
  /** The broadcasts covering the country the feed asked for; empty when it asked for none. */
  broadcasts: FeedBroadcast[]
}

export interface Feed {
  /** The club's or the competition's name. */
  name: LocalizedText
  matches: FeedMatch[]
}

/**
 * The seasons of competition `competitionId` (an SQL expression) a feed holds: the latest
 * that has begun (a match kicked off) and the one after it; before any has begun, the first two.
 */
const feedSeasons = (sql: postgres.Sql, competitionId: postgres.PendingQuery<postgres.Row[]>) => sql`
  select fs.id from seasons fs
  where fs.competition_id = ${competitionId}
    and fs.label >= coalesce((
      select max(begun.label) from seasons begun
      where begun.competition_id = ${competitionId}
        and exists (select 1 from matches bm where bm.season_id = begun.id and bm.kickoff <= now())), '')
  order by fs.label limit 2`

/** `country`: the feed's country as an SQL expression (none: null), whose broadcasts each match lists. */
const feedMatchJson = (sql: postgres.Sql, country: postgres.PendingQuery<postgres.Row[]>) => sql`json_build_object(
  'id', m.id, 'kickoff', m.kickoff, 'timeKnown', m.kickoff_time_known, 'status', m.status, 'round', m.round,
  'home', h.name, 'away', a.name, 'competition', c.name, 'season', s.label,
  'venue', coalesce((select ${stadiumJson(sql)} from stadiums st where st.id = m.stadium_id),
    case when m.venue is not null then json_build_object('name', json_build_object('en', m.venue), 'city', null) end),
  'revision', m.schedule_revision, 'revisedAt', m.schedule_changed_at,
  'broadcasts', coalesce((
    select json_agg(json_build_object('channel', ch.name, 'commentators', b.commentators, 'language', b.language) order by b.list_order)
    from broadcasts b join channels ch on ch.id = b.channel_id
    where b.match_id = m.id and (${country})::text = any(b.countries)), '[]'::json))`

/** A country the route chose, as feedMatchJson takes it. */
const givenCountry = (sql: postgres.Sql, country: CountryCode | undefined) => sql`${country ?? null}`

const feedJoins = (sql: postgres.Sql) => sql`
  join seasons s on s.id = m.season_id
  join competitions c on c.id = s.competition_id
  join clubs h on h.id = m.home_club_id
  join clubs a on a.id = m.away_club_id`

/** Club `clubId`'s feed: its matches in the feed seasons of every competition it plays in; null for an unknown club. */
export async function readClubFeed(sql: postgres.Sql, clubId: number, country: CountryCode | undefined): Promise<Feed | null> {
  const [row] = await sql<Feed[]>`
    with played as (
      select distinct ps.competition_id from matches pm join seasons ps on ps.id = pm.season_id
      where pm.home_club_id = ${clubId} or pm.away_club_id = ${clubId}
    ),
    shown as (select fs.id from played, lateral (${feedSeasons(sql, sql`played.competition_id`)}) fs)
    select k.name,
      coalesce((select json_agg(${feedMatchJson(sql, givenCountry(sql, country))} order by m.kickoff, m.id)
        from matches m ${feedJoins(sql)}
        where (m.home_club_id = ${clubId} or m.away_club_id = ${clubId}) and m.replay_of is null
          and m.season_id in (select id from shown)), '[]'::json) as matches
    from clubs k where k.id = ${clubId}`
  return row ?? null
}

/** Competition `competitionId`'s feed: the matches of its feed seasons; null for an unknown competition. */
export async function readCompetitionFeed(sql: postgres.Sql, competitionId: string, country: CountryCode | undefined): Promise<(Feed & { seasons: number[] }) | null> {
  const [row] = await sql<(Feed & { seasons: number[] })[]>`
    select comp.name,
      coalesce((select json_agg(id) from seasons where competition_id = comp.id), '[]'::json) as seasons,
      coalesce((select json_agg(${feedMatchJson(sql, givenCountry(sql, country))} order by m.kickoff, m.id)
        from matches m ${feedJoins(sql)}
        where m.season_id in (${feedSeasons(sql, sql`${competitionId}`)}) and m.replay_of is null), '[]'::json) as matches
    from competitions comp where comp.id = ${competitionId}`
  return row ?? null
}

/** A reader's personal feed, with the country whose channels it names. */
export interface PersonalFeed {
  matches: FeedMatch[]
  /** The reader's profile country, else the one they were in when the address was made. */
  country: CountryCode | null
}

/**
 * The feed at a personal calendar address (decision 138), found by the SHA-256 of its token,
 * in one statement: everything its reader follows, in the seasons a club's or a competition's
 * feed holds (the current and the next): the matches of followed clubs and of the clubs of
 * followed players, of followed competitions, and followed matches whatever their season.
 * Null when no address has that hash (never made, or made again since).
 */
export async function readPersonalFeed(sql: postgres.Sql, tokenHash: Uint8Array): Promise<PersonalFeed | null> {
  const [row] = await sql<(PersonalFeed & { found: boolean })[]>`
    with cal as (
      select pc.user_id, coalesce(u.country, pc.country) as country
      from personal_calendars pc join users u on u.id = pc.user_id
      where pc.token_hash = ${tokenHash}
    ),
    mine as (select f.* from follows f where f.user_id = (select user_id from cal)),
    ${followedClubs(sql)},
    played as (
      select distinct ps.competition_id from matches pm join seasons ps on ps.id = pm.season_id
      where pm.home_club_id in (select id from followed_clubs) or pm.away_club_id in (select id from followed_clubs)
      union select competition_id from mine where competition_id is not null
    ),
    shown as (select fs.id from played, lateral (${feedSeasons(sql, sql`played.competition_id`)}) fs)
    select exists (select 1 from cal) as found, (select country from cal) as country,
      coalesce((select json_agg(${feedMatchJson(sql, sql`(select country from cal)`)} order by m.kickoff, m.id)
        from matches m ${feedJoins(sql)}
        where m.replay_of is null and (
          m.id in (select match_id from mine where match_id is not null)
          or (m.season_id in (select id from shown) and (
            m.home_club_id in (select id from followed_clubs) or m.away_club_id in (select id from followed_clubs)
            or s.competition_id in (select competition_id from mine where competition_id is not null))))), '[]'::json) as matches`
  return row!.found ? { matches: row!.matches, country: row!.country } : null
}

/** Makes the reader's calendar address anew (the token's hash): the one before, if any, stops working. */
export async function resetPersonalCalendar(sql: postgres.Sql, userId: string, tokenHash: Uint8Array, country: CountryCode | undefined): Promise<void> {
  await sql`
    insert into personal_calendars (user_id, token_hash, country) values (${userId}, ${tokenHash}, ${country ?? null})
    on conflict (user_id) do update set token_hash = excluded.token_hash, country = excluded.country, created_at = now()`
}
