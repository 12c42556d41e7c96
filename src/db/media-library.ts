// The desk's media library (decision 085): what was uploaded, under which credit and
// licence, with its text in both languages, and an image's resized covers. Every change is
// audited in its own transaction (decision 079).
import type postgres from 'postgres'
import type { CoverVariant } from '../media/cover-sizes.ts'
import type { Licence } from '../media/licences.ts'
import type { MediaKind } from '../media/library-upload.ts'
import type { StoredVariant } from '../media/variants.ts'
import { recordAudit } from './audit.ts'
import type { Bilingual } from './desk-posts.ts'

type Sql = postgres.Sql | postgres.TransactionSql

/** A post's cover from the library, as pages draw it (decision 084). */
export interface LibraryCover {
  /** The widest WebP: the `src` for browsers without srcset, feeds and link previews. */
  src: string
  width: number
  height: number
  /** Every WebP width, for the `srcset` attribute. */
  srcset: string
  alt: Bilingual
  credit: string
  licence: Licence
}

/** The LibraryCover of the post aliased `p` as JSON, or null when its cover is not from the library. */
export function libraryCoverJson(sql: Sql) {
  return sql`(select json_build_object(
      'src', '/media/' || w.storage_key, 'width', w.width, 'height', w.height,
      'srcset', (select string_agg('/media/' || v.storage_key || ' ' || v.width || 'w', ', ' order by v.width)
        from media_variants v where v.media_id = m.id),
      'alt', m.alt, 'credit', m.credit, 'licence', m.licence)
    from media m
    join lateral (select * from media_variants v where v.media_id = m.id order by v.width desc limit 1) w on true
    where m.id = p.cover_media_id)`
}

export interface MediaItem {
  id: string
  kind: MediaKind
  mime: string
  /** The original's address under /media/. */
  src: string
  bytes: number
  width: number | null
  height: number | null
  durationSeconds: number | null
  credit: string
  licence: Licence
  /** An image's alt text; an audio or video item's title. */
  alt: Bilingual
  /** An image's WebP covers, narrowest first; none for audio and video. */
  variants: (CoverVariant & { bytes: number })[]
  createdBy: { id: string; name: string } | null
  /** Whether a published or scheduled post shows it, as its cover or a clip. */
  usedByPostsOut: boolean
  createdAt: string
  updatedAt: string
}

export interface NewMedia {
  kind: MediaKind
  mime: string
  key: string
  bytes: number
  width: number | null
  height: number | null
  credit: string
  licence: Licence
  alt: Bilingual
}

export type MediaPatch = Partial<Pick<MediaItem, 'credit' | 'licence'>> & { alt?: Partial<Bilingual> | undefined }

const mediaColumns = (sql: Sql) => sql`
  m.id::text, m.kind, m.mime, '/media/' || m.storage_key as src, m.bytes::float8 as bytes, m.width, m.height,
  m.duration_seconds::float8 as "durationSeconds", m.credit, m.licence, m.alt,
  coalesce((select json_agg(json_build_object('src', '/media/' || v.storage_key, 'width', v.width, 'height', v.height, 'bytes', v.bytes)
      order by v.width) from media_variants v where v.media_id = m.id), '[]'::json) as variants,
  case when u.id is null then null else json_build_object('id', u.id::text, 'name', u.name) end as "createdBy",
  exists (select 1 from posts p where p.status in ('published', 'scheduled')
    and (p.cover_media_id = m.id or exists (select 1 from post_media pm where pm.post_id = p.id and pm.media_id = m.id))) as "usedByPostsOut",
  m.created_at as "createdAt", m.updated_at as "updatedAt"`

export async function loadMedia(sql: Sql, id: number, lock = false): Promise<MediaItem | null> {
  const [row] = await sql<MediaItem[]>`
    select ${mediaColumns(sql)} from media m left join users u on u.id = m.created_by
    where m.id = ${id} ${lock ? sql`for update of m` : sql``}`
  return row ?? null
}

export interface MediaQuery {
  /** Items of these kinds; every kind when absent. */
  kinds?: readonly MediaKind[] | undefined
  /** Words of the credit or of the text in either language. */
  q?: string | undefined
  limit: number
}

/** Newest first. */
export async function listMedia(sql: Sql, query: MediaQuery): Promise<MediaItem[]> {
  const words = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  return sql<MediaItem[]>`
    select ${mediaColumns(sql)} from media m left join users u on u.id = m.created_by
    where (${query.kinds === undefined} or m.kind in (select jsonb_array_elements_text(${sql.json(query.kinds ?? [])})))
      and (${words}::text is null or m.credit ilike ${words} or m.alt ->> 'ar' ilike ${words} or m.alt ->> 'en' ilike ${words})
    order by m.created_at desc, m.id desc
    limit ${query.limit}`
}

/** The kinds of the library items `ids` name; an id naming none is not in the map. */
export async function mediaKinds(sql: Sql, ids: readonly string[]): Promise<Map<string, MediaKind>> {
  // Eighteen digits at most always fit a bigint; anything else names nothing.
  const wellFormed = ids.filter((id) => /^\d{1,18}$/.test(id))
  if (wellFormed.length === 0) return new Map()
  const rows = await sql<{ id: string; kind: MediaKind }[]>`
    select m.id::text, m.kind from media m
    where m.id in (select v::bigint from jsonb_array_elements_text(${sql.json(wellFormed)}) as t(v))`
  return new Map(rows.map((row) => [row.id, row.kind]))
}

/** The kind of library item `id`, or null when there is none: a cover must be an image. */
export async function mediaKind(sql: Sql, id: string): Promise<MediaKind | null> {
  return (await mediaKinds(sql, [id])).get(id) ?? null
}

/**
 * The audio and video the post aliased `p` takes from the library, in its order, as
 * posts.media entries (PostMedia): the item's title is its `alt`.
 */
export function libraryClipsJson(sql: Sql) {
  return sql`coalesce((select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
      'type', m.kind, 'src', '/media/' || m.storage_key, 'mime', m.mime, 'title', m.alt, 'duration', m.duration_seconds))
      order by pm.position)
    from post_media pm join media m on m.id = pm.media_id where pm.post_id = p.id), '[]'::jsonb)`
}

/** A new item, its variants and the audit entry, in one transaction. */
export async function insertMedia(sql: postgres.Sql, item: NewMedia, variants: StoredVariant[], actorId: string): Promise<MediaItem> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into media (kind, storage_key, mime, bytes, width, height, credit, licence, alt, created_by)
      values (${item.kind}, ${item.key}, ${item.mime}, ${item.bytes}, ${item.width}, ${item.height},
        ${item.credit}, ${item.licence}, ${tx.json(item.alt)}, ${actorId})
      returning id::text`
    const id = row!.id
    for (const variant of variants) {
      await tx`
        insert into media_variants (media_id, width, height, mime, storage_key, bytes)
        values (${id}, ${variant.width}, ${variant.height}, ${variant.mime}, ${variant.key}, ${variant.bytes})`
    }
    const created = (await loadMedia(tx, Number(id)))!
    await recordAudit(tx, actorId, { action: 'media.create', targetType: 'media', targetId: id, before: null, after: created })
    return created
  })
}

/**
 * A change of credit, licence or text; null when there is no such item. `allow` judges the
 * item as the change locks it and throws to refuse. A change to nothing is not audited.
 */
export async function updateMedia(
  sql: postgres.Sql,
  id: number,
  patch: MediaPatch,
  actorId: string,
  allow: (before: MediaItem) => void,
): Promise<MediaItem | null> {
  return sql.begin(async (tx) => {
    const before = await loadMedia(tx, id, true)
    if (!before) return null
    allow(before)
    const credit = patch.credit ?? before.credit
    const licence = patch.licence ?? before.licence
    const alt = { ...before.alt, ...patch.alt }
    if (credit === before.credit && licence === before.licence && alt.ar === before.alt.ar && alt.en === before.alt.en) return before
    await tx`
      update media set credit = ${credit}, licence = ${licence}, alt = ${tx.json(alt)}, updated_at = now()
      where id = ${id}`
    const after = (await loadMedia(tx, id))!
    await recordAudit(tx, actorId, { action: 'media.update', targetType: 'media', targetId: id, before, after })
    return after
  })
}
