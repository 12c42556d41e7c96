// A club's page data: identity, squad, matches, competitions and posts.
import type postgres from 'postgres'
import type { LocalizedText } from '../../lib/localized.ts'
import { type CompetitionRef, matchJoins, matchJson, type MatchSummary, type Stadium, stadiumJson, taggedPosts, type TeamRef } from './football-fragments.ts'
import type { PostSummary } from './posts.ts'

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
    stadium: Stadium | null
    /** Whose the crest is, when the desk recorded it. */
    crestCredit: { credit: string; licence: string | null } | null
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
              'crestCredit', case when k.crest_credit is null then null else json_build_object('credit', k.crest_credit, 'licence', k.crest_licence) end,
              'stadium', (select ${stadiumJson(sql)} from stadiums st where st.id = k.stadium_id))
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
