// The dev_mail table: local development's outbox (src/mail/dev-outbox.ts).
import type postgres from 'postgres'

export interface StoredMail {
  to: string
  subject: string
  text: string
  html: string
  created_at: Date
}

/** The most an outbox read returns: plenty for a person or a test, bounded for the worker. */
const OUTBOX_PAGE = 50

export async function insertDevMail(sql: postgres.ISql, mail: Omit<StoredMail, 'created_at'>): Promise<void> {
  await sql`
    insert into dev_mail (to_address, subject, text_body, html_body)
    values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html})`
}

/** Mail to `to` (any case), newest first. */
export async function readDevOutbox(sql: postgres.ISql, to: string): Promise<StoredMail[]> {
  return sql<StoredMail[]>`
    select to_address as "to", subject, text_body as "text", html_body as "html", created_at
    from dev_mail
    where lower(to_address) = lower(${to})
    order by id desc
    limit ${OUTBOX_PAGE}`
}
