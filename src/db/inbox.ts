// The desk's inbox: the messages readers send through the contact form, new until an editor
// handles them, and the replies sent to them. Each change is audited in its transaction.
import type postgres from 'postgres'
import { recordAudit } from './audit.ts'
import type { ContactMessage } from './pages.ts'

export const INBOX_STATUSES = ['new', 'handled'] as const
export type InboxStatus = (typeof INBOX_STATUSES)[number]

export interface InboxMessage extends ContactMessage {
  id: string
  status: InboxStatus
  createdAt: string
  handledAt: string | null
  replies: { body: string; sentAt: string; author: string | null }[]
}

const messageColumns = (sql: postgres.Sql | postgres.TransactionSql) => sql`
  m.id::text, m.name, m.email, m.subject, m.message, m.lang, m.status,
  m.created_at as "createdAt", m.handled_at as "handledAt",
  coalesce((select json_agg(json_build_object('body', r.body, 'sentAt', r.sent_at, 'author', u.name) order by r.sent_at)
    from contact_replies r left join users u on u.id = r.author_id where r.message_id = m.id), '[]') as replies`

export async function listInbox(sql: postgres.Sql, status: InboxStatus | undefined, limit: number): Promise<InboxMessage[]> {
  return sql<InboxMessage[]>`
    select ${messageColumns(sql)} from contact_messages m
    where (${status ?? null}::text is null or m.status = ${status ?? null})
    order by m.created_at desc limit ${limit}`
}

/** One message with its replies; undefined when there is no such message. */
export async function getMessage(sql: postgres.Sql, id: number): Promise<InboxMessage | undefined> {
  const [message] = await sql<InboxMessage[]>`select ${messageColumns(sql)} from contact_messages m where m.id = ${id}`
  return message
}

async function lockMessage(tx: postgres.TransactionSql, id: number): Promise<InboxMessage | undefined> {
  const [message] = await tx<InboxMessage[]>`select ${messageColumns(tx)} from contact_messages m where m.id = ${id} for update of m`
  return message
}

/** Marks a message new or handled; null when there is no such message. */
export async function setInboxStatus(sql: postgres.Sql, id: number, status: InboxStatus, actorId: string): Promise<InboxMessage | null> {
  return sql.begin(async (tx) => {
    const before = await lockMessage(tx, id)
    if (!before) return null
    await tx`
      update contact_messages set status = ${status},
        handled_at = ${status === 'handled' ? tx`now()` : null}, handled_by = ${status === 'handled' ? actorId : null}
      where id = ${id}`
    await recordAudit(tx, actorId, { action: 'inbox.status', targetType: 'contact_message', targetId: id, before: { status: before.status }, after: { status } })
    return (await lockMessage(tx, id))!
  })
}

/**
 * Stores a reply, marks the message handled and calls `send` inside the transaction: a mail
 * that cannot leave takes the reply back with it. Null when there is no such message.
 */
export async function replyToMessage(
  sql: postgres.Sql,
  id: number,
  body: string,
  actorId: string,
  send: (message: InboxMessage, tx: postgres.TransactionSql) => Promise<void>,
): Promise<InboxMessage | null> {
  return sql.begin(async (tx) => {
    const message = await lockMessage(tx, id)
    if (!message) return null
    await tx`insert into contact_replies (message_id, author_id, body) values (${id}, ${actorId}, ${body})`
    await tx`update contact_messages set status = 'handled', handled_at = now(), handled_by = ${actorId} where id = ${id}`
    await recordAudit(tx, actorId, { action: 'inbox.reply', targetType: 'contact_message', targetId: id, before: { status: message.status }, after: { status: 'handled', reply: body } })
    await send(message, tx)
    return (await lockMessage(tx, id))!
  })
}
