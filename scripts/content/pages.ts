// Loads the site's own pages (content/pages/{contact,privacy,terms}.json) into `pages`.
// updated_at moves only when a page's text really changed, so the page can show an honest
// "last updated" date and a second load changes nothing.
import { basename, join } from 'node:path'
import postgres from 'postgres'
import * as v from 'valibot'
import { CONTENT_DIR, LocalizedHtml, LocalizedText, readContentFiles } from './content-files.ts'

/** The slugs the pages table allows. */
const SLUGS = ['contact', 'privacy', 'terms'] as const

const PageSchema = v.strictObject({ title: LocalizedText, body: LocalizedHtml })

export interface PagesLoad {
  pages: number
  /** Pages inserted or updated. */
  changedRows: number
}

export async function loadPages(databaseUrl: string, dir = join(CONTENT_DIR, 'pages')): Promise<PagesLoad> {
  const files = await readContentFiles(dir, PageSchema)
  const pages = files.map(({ sourceKey, data }) => {
    const slug = basename(sourceKey, '.json')
    if (!SLUGS.some((known) => known === slug)) throw new Error(`${sourceKey}: pages are named ${SLUGS.join(', ')}`)
    return { slug, ...data }
  })
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    let changedRows = 0
    await sql.begin(async (tx) => {
      for (const page of pages) {
        const written = await tx`
          insert into pages (slug, title, body)
          values (${page.slug}, ${tx.json(page.title)}, ${tx.json(page.body)})
          on conflict (slug) do update set title = excluded.title, body = excluded.body, updated_at = now()
          where (pages.title, pages.body) is distinct from (excluded.title, excluded.body)`
        changedRows += written.count
      }
    })
    return { pages: pages.length, changedRows }
  } finally {
    await sql.end()
  }
}
