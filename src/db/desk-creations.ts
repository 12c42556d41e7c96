// Clubs and players an editor makes at the desk (issue 34), for football no source carries.
// A hand-made row's source_key is `desk:<uuid>`, which no import writes; its aliases are the
// names providers use, so a later import or sync that names one links to this club instead of
// making a second (scripts/import and src/sync find clubs by alias). Crests and photos come
// from the media library, under the item's own credit and licence. One transaction each,
// with its audit row.
import type postgres from 'postgres'
import { aliasKey } from '../../lib/alias-key.ts'
import { recordAudit } from './audit.ts'
import { type DeskClub, type DeskPlayer, readClub, readPlayer } from './desk-football.ts'

type Bilingual = { ar: string; en: string }

export interface NewClub {
  name: Bilingual
  shortName?: Bilingual | undefined
  country: string
  crestMediaId?: number | undefined
  stadium?: { name: Bilingual; city?: Bilingual | undefined } | undefined
  aliases: string[]
}

export interface NewPlayer {
  name: Bilingual
  nationality?: string | undefined
  position?: 'GK' | 'DF' | 'MF' | 'FW' | undefined
  born?: string | undefined
  photoMediaId?: number | undefined
}

export type Refusal = { noImage: 'crest' | 'photo' } | { aliasTaken: string }

interface LibraryPicture {
  src: string
  credit: string
  licence: string
}

/**
 * A library image as a crest or photo: its narrowest WebP cover at least 256 pixels wide (a
 * crest is drawn small), else its widest, else the original. Null unless it is an image.
 */
async function libraryPicture(tx: postgres.TransactionSql, mediaId: number | undefined): Promise<LibraryPicture | null | undefined> {
  if (mediaId === undefined) return undefined
  const [picture] = await tx<LibraryPicture[]>`
    select '/media/' || coalesce(
        (select v.storage_key from media_variants v where v.media_id = m.id order by v.width < 256, abs(v.width - 256) limit 1),
        m.storage_key) as src,
      m.credit, m.licence
    from media m where m.id = ${mediaId} and m.kind = 'image'`
  return picture ?? null
}

export async function createClub(sql: postgres.Sql, club: NewClub, actorId: string): Promise<DeskClub | Refusal> {
  return sql.begin(async (tx) => {
    const crest = await libraryPicture(tx, club.crestMediaId)
    if (crest === null) return { noImage: 'crest' }
    const names = [...new Set([...club.aliases, club.name.en, club.name.ar])]
    const [taken] = await tx<{ alias: string }[]>`
      select alias from club_aliases where alias_key in (select jsonb_array_elements_text(${tx.json(club.aliases.map(aliasKey))})) limit 1`
    if (taken) return { aliasTaken: club.aliases.find((alias) => aliasKey(alias) === aliasKey(taken.alias)) ?? taken.alias }
    const stadium = club.stadium
    const [row] = await tx<{ id: number }[]>`
      with ground as (
        insert into stadiums (name, city, country, names, cities, source_key)
        select ${stadium?.name.en ?? ''}, ${stadium?.city?.en ?? null}, ${club.country},
          ${tx.json(stadium?.name ?? {})}, ${stadium?.city ? tx.json(stadium.city) : null}, ${`desk:${crypto.randomUUID()}`}
        where ${stadium !== undefined}
        returning id
      )
      insert into clubs (name, short_name, country, stadium_id, crest, crest_credit, crest_licence, source_key)
      values (${tx.json(club.name)}, ${tx.json(club.shortName ?? club.name)}, ${club.country}, (select id from ground),
        ${crest?.src ?? null}, ${crest?.credit ?? null}, ${crest?.licence ?? null}, ${`desk:${crypto.randomUUID()}`})
      returning id::int`
    // Its own names are aliases too, so an import that spells the club as the desk does finds it;
    // a name another club already goes by stays that club's.
    await tx`
      insert into club_aliases (alias_key, alias, club_id)
      select distinct on (k) k, a, ${row!.id}::bigint
      from jsonb_to_recordset(${tx.json(names.map((alias) => ({ k: aliasKey(alias), a: alias })))}) as n(k text, a text)
      where k <> ''
      on conflict (alias_key) do nothing`
    const created = (await readClub(tx, row!.id))!
    await recordAudit(tx, actorId, { action: 'club.create', targetType: 'club', targetId: row!.id, before: null, after: created })
    return created
  })
}

export async function createPlayer(sql: postgres.Sql, player: NewPlayer, actorId: string): Promise<DeskPlayer | Refusal> {
  return sql.begin(async (tx) => {
    const photo = await libraryPicture(tx, player.photoMediaId)
    if (photo === null) return { noImage: 'photo' }
    const [row] = await tx<{ id: number }[]>`
      insert into players (name, nationality, position, date_of_birth, photo, photo_credit, photo_licence, source_key)
      values (${tx.json(player.name)}, ${player.nationality ?? null}, ${player.position ?? null}, ${player.born ?? null},
        ${photo?.src ?? null}, ${photo?.credit ?? null}, ${photo?.licence ?? null}, ${`desk:${crypto.randomUUID()}`})
      returning id::int`
    const created = (await readPlayer(tx, row!.id))!
    await recordAudit(tx, actorId, { action: 'player.create', targetType: 'player', targetId: row!.id, before: null, after: created })
    return created
  })
}
