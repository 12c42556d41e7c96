// The site's own pages (contact, privacy, terms) and the messages readers send from the
// contact form.
import type postgres from 'postgres'
import type { Locale } from '../../lib/locales.ts'
import type { LocalizedText } from '../../lib/localized.ts'

export type PageSlug = 'contact' | 'privacy' | 'terms'

export interface SitePage {
  title: LocalizedText
  /** HTML sanitised with an allow-list when it was written (src/posts/sanitize.ts). */
  body: LocalizedText
  updatedAt: Date
}

export async function loadSitePage(sql: postgres.Sql, slug: PageSlug): Promise<SitePage | null> {
  const [row] = await sql<SitePage[]>`select title, body, updated_at as "updatedAt" from pages where slug = ${slug}`
  return row ?? null
}

export interface ContactMessage {
  name: string
  email: string
  subject: string
  message: string
  lang: Locale
}

export async function insertContactMessage(sql: postgres.ISql, message: ContactMessage): Promise<void> {
  await sql`
    insert into contact_messages (name, email, subject, message, lang)
    values (${message.name}, ${message.email}, ${message.subject}, ${message.message}, ${message.lang})
  `
}
