// Local development keeps outgoing mail in the dev_mail table instead of sending it, so a
// developer (or a browser test) reads a code at GET /__dev/mail?to=ADDRESS. A table rather
// than memory: the worker's isolates come and go, and a row written inside a transaction
// disappears with it, as a real send would not have happened.
import type postgres from 'postgres'
import type { MailMessage } from './transport.ts'

export interface StoredMail {
  to: string
  subject: string
  text: string
  html: string
  created_at: Date
}

/** The most an outbox read returns: plenty for a person or a test, bounded for the worker. */
const OUTBOX_PAGE = 50

export async function storeInDevOutbox(sql: postgres.ISql, message: MailMessage): Promise<void> {
  await sql`
    insert into dev_mail (to_address, subject, text_body, html_body)
    values (${message.to}, ${message.subject}, ${message.text}, ${message.html})`
  // The body stays out of the log: it is one query away, and codes should not pile up in logs.
  console.log(JSON.stringify({ mail: 'dev-outbox', to: message.to, subject: message.subject, read: devOutboxPath(message.to) }))
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

function devOutboxPath(to: string): string {
  return `/__dev/mail?to=${encodeURIComponent(to)}`
}
