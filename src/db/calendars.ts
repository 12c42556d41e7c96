// What a calendar feed holds (issue 26, section 4; decision 125): a club's or a competition's
// matches of the current season and the next, each with what a calendar event shows of it,
// and, when the feed asks for a country, where to watch it there. One statement per feed.
import type postgres from 'postgres'
import type { CountryCode } from '../../lib/countries.ts'
import type { CommentaryLanguage } from '../../lib/languages.ts'
import type { MatchStatus } from '../../lib/live.ts'
import type { LocalizedText } from '../../lib/localized.ts'
import type { Commentator } from './channels.ts'

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
  /** The stadium's name and city, else the venue the source wrote; null when neither is known. */
  venue: string | null
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

const feedMatchJson = (sql: postgres.Sql, country: CountryCode | undefined) => sql`json_build_object(
  'id', m.id, 'kickoff', m.kickoff, 'timeKnown', m.kickoff_time_known, 'status', m.status, 'round', m.round,
  'home', h.name, 'away', a.name, 'competition', c.name, 'season', s.label,
  'venue', coalesce((select concat_ws(', ', st.name, st.city) from stadiums st where st.id = m.stadium_id), m.venue),
  'revision', m.schedule_revision, 'revisedAt', m.schedule_changed_at,
  'broadcasts', coalesce((
    select json_agg(json_build_object('channel', ch.name, 'commentators', b.commentators, 'language', b.language) order by b.list_order)
    from broadcasts b join channels ch on ch.id = b.channel_id
    where b.match_id = m.id and ${country ?? null}::text = any(b.countries)), '[]'::json))`

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
      coalesce((select json_agg(${feedMatchJson(sql, country)} order by m.kickoff, m.id)
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
      coalesce((select json_agg(${feedMatchJson(sql, country)} order by m.kickoff, m.id)
        from matches m ${feedJoins(sql)}
        where m.season_id in (${feedSeasons(sql, sql`${competitionId}`)}) and m.replay_of is null), '[]'::json) as matches
    from competitions comp where comp.id = ${competitionId}`
  return row ?? null
}
