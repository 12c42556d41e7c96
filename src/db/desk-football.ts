// Editors' corrections to the football data: a club's or a player's names, a player's
// position and shirt number, new aliases, and points deductions. Each correction is marked
// in the row's `corrected` list, which imports leave alone (scripts/import/write.ts), and
// written to the audit log in the same transaction.
import type postgres from 'postgres'
import type { SqlTag } from './football-fragments.ts'
import { aliasKey } from '../../lib/alias-key.ts'
import { recordAudit } from './audit.ts'
import type { LocalizedText } from '../../lib/localized.ts'

/** A crest or photo: where it is (an https URL or a path on this site), whose it is, its licence. */
export interface Picture {
  src: string
  credit: string
  licence: string
}

export interface ClubCorrection {
  name?: LocalizedText | undefined
  shortName?: LocalizedText | undefined
  /** Names the club is also known by, added to the ones it has. */
  aliases?: string[] | undefined
  crest?: Picture | undefined
}

export interface DeskClub {
  id: string
  name: LocalizedText
  shortName: LocalizedText
  aliases: string[]
  crest: Picture | null
  corrected: string[]
}

export interface PlayerCorrection {
  name?: LocalizedText | undefined
  aliases?: string[] | undefined
  position?: 'GK' | 'DF' | 'MF' | 'FW' | null | undefined
  shirtNumber?: number | null | undefined
  photo?: Picture | undefined
}

export interface DeskPlayer {
  id: string
  name: LocalizedText
  aliases: string[]
  position: string | null
  shirtNumber: number | null
  /** ISO 3166-1 alpha-2, as the desk records it. */
  nationality: string | null
  born: string | null
  photo: Picture | null
  corrected: string[]
}

/** "name.ar", "short_name.en", "position": the fields a correction sets. */
function correctedFields(fields: Record<string, LocalizedText | unknown>): string[] {
  return Object.entries(fields).flatMap(([field, value]) => {
    if (value === undefined) return []
    if (field === 'name' || field === 'short_name') return Object.keys(value as LocalizedText).map((lang) => `${field}.${lang}`)
    return [field]
  })
}

const addCorrected = (tx: postgres.TransactionSql, fields: string[]) =>
  tx`(select coalesce(jsonb_agg(distinct f order by f), '[]') from jsonb_array_elements_text(corrected || ${tx.json(fields)}) f)`

const clubColumns = (sql: SqlTag) => sql`
  c.id::text, c.name, c.short_name as "shortName", c.corrected,
  case when c.crest is null then null
    else json_build_object('src', c.crest, 'credit', coalesce(c.crest_credit, ''), 'licence', coalesce(c.crest_licence, '')) end as crest,
  coalesce((select json_agg(a.alias order by a.alias) from club_aliases a where a.club_id = c.id), '[]') as aliases`

async function loadClub(tx: SqlTag, id: number, lock: boolean): Promise<DeskClub | undefined> {
  const [club] = await tx<DeskClub[]>`select ${clubColumns(tx)} from clubs c where c.id = ${id} ${lock ? tx`for update of c` : tx``}`
  return club
}

/** One club as the desk edits it; undefined for an unknown id. */
export function readClub(sql: SqlTag, id: number): Promise<DeskClub | undefined> {
  return loadClub(sql, id, false)
}

/** `%` and `_` in what an editor typed are letters, not wildcards. */
export const contains = (q: string): string => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** Clubs whose name, short name or an alias (in either language) contains `q`; all clubs, by name, without one. */
export function searchClubs(sql: postgres.Sql, q: string, limit: number): Promise<DeskClub[]> {
  const like = contains(q)
  return sql<DeskClub[]>`
    select ${clubColumns(sql)} from clubs c
    where ${q === '' ? sql`true` : sql`(c.name ->> 'en' ilike ${like} or c.name ->> 'ar' ilike ${like}
      or c.short_name ->> 'en' ilike ${like} or c.short_name ->> 'ar' ilike ${like}
      or exists (select 1 from club_aliases a where a.club_id = c.id and a.alias ilike ${like}))`}
    order by c.name ->> 'en', c.id limit ${limit}`
}

export type CorrectionResult<T> = { row: T } | { missing: true } | { aliasTaken: string }

export async function correctClub(sql: postgres.Sql, id: number, change: ClubCorrection, actorId: string): Promise<CorrectionResult<DeskClub>> {
  return sql.begin(async (tx) => {
    const before = await loadClub(tx, id, true)
    if (!before) return { missing: true }
    const aliases = change.aliases ?? []
    // An alias is how the importer finds a club: one name cannot point at two clubs.
    const [taken] = await tx<{ alias: string }[]>`
      select a.alias from club_aliases a
      where a.alias_key in (select jsonb_array_elements_text(${tx.json(aliases.map(aliasKey))})) and a.club_id <> ${id} limit 1`
    if (taken) return { aliasTaken: aliases.find((alias) => aliasKey(alias) === aliasKey(taken.alias)) ?? taken.alias }
    const fields = correctedFields({ name: change.name, short_name: change.shortName, crest: change.crest })
    const crest = change.crest
    await tx`
      update clubs set name = name || ${tx.json(change.name ?? {})}, short_name = short_name || ${tx.json(change.shortName ?? {})},
        ${crest ? tx`crest = ${crest.src}, crest_credit = ${crest.credit}, crest_licence = ${crest.licence},` : tx``}
        corrected = ${addCorrected(tx, fields)}
      where id = ${id}`
    for (const alias of aliases) {
      await tx`insert into club_aliases (alias_key, alias, club_id) values (${aliasKey(alias)}, ${alias}, ${id}) on conflict (alias_key) do nothing`
    }
    const after = (await loadClub(tx, id, false))!
    await recordAudit(tx, actorId, { action: 'club.update', targetType: 'club', targetId: id, before, after })
    return { row: after }
  })
}

const playerColumns = (sql: SqlTag) => sql`
  p.id::text, p.name, to_jsonb(p.aliases) as aliases, p.position, p.shirt_number as "shirtNumber", p.corrected,
  p.nationality, to_char(p.date_of_birth, 'YYYY-MM-DD') as born,
  case when p.photo is null then null
    else json_build_object('src', p.photo, 'credit', coalesce(p.photo_credit, ''), 'licence', coalesce(p.photo_licence, '')) end as photo`

async function loadPlayer(tx: SqlTag, id: number, lock: boolean): Promise<DeskPlayer | undefined> {
  const [player] = await tx<DeskPlayer[]>`select ${playerColumns(tx)} from players p where p.id = ${id} ${lock ? tx`for update of p` : tx``}`
  return player
}

/** One player as the desk edits them; undefined for an unknown id. */
export function readPlayer(sql: SqlTag, id: number): Promise<DeskPlayer | undefined> {
  return loadPlayer(sql, id, false)
}

/** Players whose name (either language) or an alias contains `q`. */
export function searchPlayers(sql: postgres.Sql, q: string, limit: number): Promise<DeskPlayer[]> {
  const like = contains(q)
  return sql<DeskPlayer[]>`
    select ${playerColumns(sql)} from players p
    where ${q === '' ? sql`true` : sql`(p.name ->> 'en' ilike ${like} or p.name ->> 'ar' ilike ${like}
      or exists (select 1 from unnest(p.aliases) a where a ilike ${like}))`}
    order by p.name ->> 'en', p.id limit ${limit}`
}

export async function correctPlayer(sql: postgres.Sql, id: number, change: PlayerCorrection, actorId: string): Promise<CorrectionResult<DeskPlayer>> {
  return sql.begin(async (tx) => {
    const before = await loadPlayer(tx, id, true)
    if (!before) return { missing: true }
    const fields = correctedFields({ name: change.name, position: change.position, shirt_number: change.shirtNumber, photo: change.photo })
    const photo = change.photo
    await tx`
      update players set name = name || ${tx.json(change.name ?? {})},
        aliases = array(select distinct a from unnest(aliases || array(select jsonb_array_elements_text(${tx.json(change.aliases ?? [])}))) a order by a),
        position = ${change.position === undefined ? tx`position` : change.position},
        shirt_number = ${change.shirtNumber === undefined ? tx`shirt_number` : change.shirtNumber},
        ${photo ? tx`photo = ${photo.src}, photo_credit = ${photo.credit}, photo_licence = ${photo.licence},` : tx``}
        corrected = ${addCorrected(tx, fields)}
      where id = ${id}`
    const after = (await loadPlayer(tx, id, false))!
    await recordAudit(tx, actorId, { action: 'player.update', targetType: 'player', targetId: id, before, after })
    return { row: after }
  })
}

export interface NewDeduction {
  seasonId: number
  clubId: number
  points: number
  reason: { ar: string; en: string }
  sourceUrl: string
  decidedOn: string | null
}

/** A points deduction, which the season's tables count from their next read (decision 073). */
export async function addDeduction(sql: postgres.Sql, deduction: NewDeduction, actorId: string): Promise<{ id: string } | { noSuch: 'season_id' | 'club_id' }> {
  return sql.begin(async (tx) => {
    const [found] = await tx<{ season: boolean; played: boolean }[]>`
      select exists (select 1 from seasons where id = ${deduction.seasonId}) as season,
        exists (select 1 from matches where season_id = ${deduction.seasonId}
          and ${deduction.clubId} in (home_club_id, away_club_id)) as played`
    if (!found!.season) return { noSuch: 'season_id' }
    if (!found!.played) return { noSuch: 'club_id' }
    const [row] = await tx<{ id: string }[]>`
      insert into point_deductions (season_id, club_id, points, reason, source_url, decided_on, source_key)
      values (${deduction.seasonId}, ${deduction.clubId}, ${deduction.points}, ${tx.json(deduction.reason)},
        ${deduction.sourceUrl}, ${deduction.decidedOn}, ${`desk:${crypto.randomUUID()}`})
      returning id::text`
    await recordAudit(tx, actorId, { action: 'deduction.create', targetType: 'deduction', targetId: row!.id, before: null, after: deduction })
    return row!
  })
}
