// Seasons an editor makes at the desk (issue 34): a competition's new season, the clubs it
// is played by, and each club's squad in it. A season's clubs are those an editor named
// (season_clubs) and those with a match in it, so imported seasons need no rows of their own.
// Each change is one transaction with its audit row.
import type postgres from 'postgres'
import type { LocalizedText } from '../../lib/localized.ts'
import { recordAudit } from './audit.ts'
import type { SqlTag } from './football-fragments.ts'

export interface CreatedSeason {
  id: string
  label: string
  competition: { id: string; name: LocalizedText }
}

export type SeasonRefusal = { noSuch: 'competition_id' } | { taken: 'label' }

/** A competition's new season; refused when the competition is unknown or already has the label. */
export async function createSeason(sql: postgres.Sql, competitionId: string, label: string, actorId: string): Promise<CreatedSeason | SeasonRefusal> {
  return sql.begin(async (tx) => {
    const [competition] = await tx<{ id: string; name: LocalizedText }[]>`select id, name from competitions where id = ${competitionId}`
    if (!competition) return { noSuch: 'competition_id' }
    const [row] = await tx<{ id: string }[]>`
      insert into seasons (competition_id, label) values (${competitionId}, ${label}) on conflict do nothing returning id::text`
    if (!row) return { taken: 'label' }
    const season = { id: row.id, label, competition }
    await recordAudit(tx, actorId, { action: 'season.create', targetType: 'season', targetId: row.id, before: null, after: season })
    return season
  })
}

export interface SeasonClub {
  id: string
  name: LocalizedText
  /** Whether it has a match in the season: such a club cannot be taken out of it. */
  playing: boolean
}

const clubsOfSeason = (tx: SqlTag, seasonId: number) => tx<SeasonClub[]>`
  with playing as (
    select home_club_id as id from matches where season_id = ${seasonId}
    union select away_club_id from matches where season_id = ${seasonId}
  )
  select c.id::text, c.name, c.id in (select id from playing) as playing from clubs c
  where c.id in (select id from playing) or c.id in (select club_id from season_clubs where season_id = ${seasonId})
  order by c.name ->> 'en', c.id`

/** The clubs of season `id`, by English name; null for an unknown season. */
export async function seasonClubs(sql: postgres.Sql, seasonId: number): Promise<SeasonClub[] | null> {
  const [season] = await sql`select 1 from seasons where id = ${seasonId}`
  return season ? clubsOfSeason(sql, seasonId) : null
}

export type SeasonClubsResult = { clubs: SeasonClub[] } | { missing: true } | { unknown: number } | { playing: true }

/**
 * Makes `clubIds` the season's clubs. A club with a match in the season stays in it, so a
 * list without one is refused (`playing`), as is an id no club has (`unknown`, its index).
 */
export async function setSeasonClubs(sql: postgres.Sql, seasonId: number, clubIds: number[], actorId: string): Promise<SeasonClubsResult> {
  return sql.begin(async (tx) => {
    const [season] = await tx`select 1 from seasons where id = ${seasonId} for update`
    if (!season) return { missing: true }
    const known = new Set((await tx<{ id: number }[]>`select id::int from clubs where id in (select jsonb_array_elements_text(${tx.json(clubIds)})::bigint)`).map((club) => club.id))
    const unknown = clubIds.findIndex((id) => !known.has(id))
    if (unknown >= 0) return { unknown }
    const before = await clubsOfSeason(tx, seasonId)
    if (before.some((club) => club.playing && !clubIds.includes(Number(club.id)))) return { playing: true }
    await tx`delete from season_clubs where season_id = ${seasonId} and club_id not in (select jsonb_array_elements_text(${tx.json(clubIds)})::bigint)`
    await tx`insert into season_clubs (season_id, club_id) select ${seasonId}, jsonb_array_elements_text(${tx.json(clubIds)})::bigint on conflict do nothing`
    const clubs = await clubsOfSeason(tx, seasonId)
    await recordAudit(tx, actorId, { action: 'season.clubs', targetType: 'season', targetId: seasonId, before: before.map((c) => c.id), after: clubs.map((c) => c.id) })
    return { clubs }
  })
}

export interface SquadMember {
  player: { id: string; name: LocalizedText; position: string | null }
  shirtNumber: number | null
}

export interface SquadEntry {
  playerId: number
  shirtNumber: number | null
}

const squadOf = (tx: SqlTag, seasonId: number, clubId: number) => tx<SquadMember[]>`
  select json_build_object('id', p.id::text, 'name', p.name, 'position', coalesce(sm.position, p.position)) as player,
    sm.shirt_number as "shirtNumber"
  from squad_members sm join players p on p.id = sm.player_id
  where sm.season_id = ${seasonId} and sm.club_id = ${clubId}
  order by sm.shirt_number nulls last, p.name ->> 'en', p.id`

const inSeason = (tx: SqlTag, seasonId: number, clubId: number) => tx`
  select 1 from season_clubs where season_id = ${seasonId} and club_id = ${clubId}
  union all select 1 from matches where season_id = ${seasonId} and ${clubId} in (home_club_id, away_club_id) limit 1`

/** A club's squad in a season, by shirt number; null when the club is not in that season. */
export async function readSquad(sql: postgres.Sql, seasonId: number, clubId: number): Promise<SquadMember[] | null> {
  const [playing] = await inSeason(sql, seasonId, clubId)
  return playing ? squadOf(sql, seasonId, clubId) : null
}

export type SquadResult =
  | { squad: SquadMember[] }
  | { missing: true }
  | { unknown: number }
  | { elsewhere: number }

/**
 * Makes `entries` the club's squad for the season: players left out leave it, the others
 * join it or take their new shirt number. A player is in one club's squad a season
 * (squad_members' key), so one already in another club's is refused (`elsewhere`).
 */
export async function setSquad(sql: postgres.Sql, seasonId: number, clubId: number, entries: SquadEntry[], actorId: string): Promise<SquadResult> {
  return sql.begin(async (tx) => {
    const [playing] = await inSeason(tx, seasonId, clubId)
    if (!playing) return { missing: true }
    const ids = entries.map((entry) => entry.playerId)
    const known = new Set((await tx<{ id: number }[]>`select id::int from players where id in (select jsonb_array_elements_text(${tx.json(ids)})::bigint)`).map((player) => player.id))
    const unknown = ids.findIndex((id) => !known.has(id))
    if (unknown >= 0) return { unknown }
    const [other] = await tx<{ id: number }[]>`
      select sm.player_id::int as id from squad_members sm
      where sm.season_id = ${seasonId} and sm.club_id <> ${clubId} and sm.player_id in (select jsonb_array_elements_text(${tx.json(ids)})::bigint) limit 1`
    if (other) return { elsewhere: ids.indexOf(other.id) }
    const before = await squadOf(tx, seasonId, clubId)
    await tx`delete from squad_members where season_id = ${seasonId} and club_id = ${clubId} and player_id not in (select jsonb_array_elements_text(${tx.json(ids)})::bigint)`
    await tx`
      insert into squad_members (season_id, club_id, player_id, shirt_number, position)
      select ${seasonId}, ${clubId}, e.player_id, e.shirt_number, p.position
      from jsonb_to_recordset(${tx.json(entries.map((e) => ({ player_id: e.playerId, shirt_number: e.shirtNumber })))})
        as e(player_id bigint, shirt_number int)
      join players p on p.id = e.player_id
      on conflict (season_id, player_id) do update set shirt_number = excluded.shirt_number`
    const squad = await squadOf(tx, seasonId, clubId)
    await recordAudit(tx, actorId, { action: 'squad.update', targetType: 'season', targetId: `${seasonId}:${clubId}`, before, after: squad })
    return { squad }
  })
}
