// A player's page data: profile, record per competition season, matches and posts.
import type postgres from 'postgres'
import type { LocalizedText } from '../../lib/localized.ts'
import { matchJoins, matchJson, type MatchSummary, taggedPosts, team, type TeamRef } from './football-fragments.ts'
import type { PostSummary } from './posts.ts'
import type { RatingTotals } from './ratings.ts'

export interface PlayerPage {
  player: {
    id: number
    name: LocalizedText
    position: 'GK' | 'DF' | 'MF' | 'FW' | null
    shirtNumber: number | null
    dateOfBirth: string | null
    photo: string | null
    /** Whose the photo is, when the desk recorded it. */
    photoCredit: { credit: string; licence: string | null } | null
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
              'photoCredit', case when p.photo_credit is null then null else json_build_object('credit', p.photo_credit, 'licence', p.photo_licence) end,
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
