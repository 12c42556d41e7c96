// What the sitemaps list: every published post and every competition, club, player and
// real match. Each sitemap file is one statement; the index is one more.
import type postgres from 'postgres'
import type { PostKind } from '../../lib/links.ts'
import type { LocalizedText } from '../../lib/localized.ts'

export const ENTITY_TABLES = ['competitions', 'clubs', 'players', 'matches'] as const
export type EntityTable = (typeof ENTITY_TABLES)[number]

export type SitemapCounts = Record<'posts' | EntityTable, number>

// Demo fixtures are invented around today (see the football migration): readers may see
// them on a local or demo site, but search engines must not index made-up results.
export async function countSitemapEntries(sql: postgres.Sql): Promise<SitemapCounts> {
  const [row] = await sql<SitemapCounts[]>`
    select
      (select count(*)::int from posts where status = 'published') as posts,
      (select count(*)::int from competitions) as competitions,
      (select count(*)::int from clubs) as clubs,
      (select count(*)::int from players) as players,
      (select count(*)::int from matches where not demo) as matches
  `
  return row!
}

export interface SitemapPost {
  kind: PostKind
  slug: LocalizedText
  publishedAt: Date
}

export async function loadSitemapPosts(sql: postgres.Sql, limit: number, offset: number): Promise<SitemapPost[]> {
  return sql<SitemapPost[]>`
    select kind, json_build_object('en', slug_en, 'ar', slug_ar) as slug, published_at as "publishedAt"
    from posts where status = 'published'
    order by id limit ${limit} offset ${offset}
  `
}

/** The ids of one page of a table's rows, in a stable order. */
export async function loadSitemapIds(sql: postgres.Sql, table: EntityTable, limit: number, offset: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id::text as id from ${sql(table)}
    ${table === 'matches' ? sql`where not demo` : sql``}
    order by id limit ${limit} offset ${offset}
  `
  return rows.map((r) => r.id)
}
