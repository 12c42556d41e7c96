// Local development keeps outgoing mail in the dev_mail table instead of sending it, so a
// developer (or a browser test) reads a code at GET /__dev/mail?to=ADDRESS. A table rather
// than memory: the worker's isolates come and go, and a row written inside a transaction
// disappears with it, as a real send would not have happened.
import type postgres from 'postgres'
import { insertDevMail } from '../db/dev-mail.ts'
import type { MailMessage } from './transport.ts'

export async function storeInDevOutbox(sql: postgres.ISql, message: MailMessage): Promise<void> {
  await insertDevMail(sql, message)
  // The body stays out of the log: it is one query away, and codes should not pile up in logs.
  console.log(JSON.stringify({ mail: 'dev-outbox', to: message.to, subject: message.subject, read: devOutboxPath(message.to) }))
}

function devOutboxPath(to: string): string {
  return `/__dev/mail?to=${encodeURIComponent(to)}`
}
