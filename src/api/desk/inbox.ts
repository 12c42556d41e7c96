// The desk's inbox, for editors (docs/desk-api.md): contact messages, newest first, marked
// new or handled, and answered by mail in the sender's language.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { withQuery } from '../../../lib/links.ts'
import { getMessage, INBOX_STATUSES, listInbox, replyToMessage, setInboxStatus } from '../../db/inbox.ts'
import { deskReader, type QueryOf } from '../../desk/desk-calls.ts'
import { ApiError, ok } from '../../http/envelope.ts'
import { IdParams, urlInput } from '../../http/params.ts'
import { sendMail } from '../../mail/send.ts'
import { siteOrigin } from '../../mail/site-url.ts'
import { contactReplyMail } from '../../mail/templates.ts'
import type { AppEnv } from '../../types.ts'
import { choice, multiLineText, wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'

export const deskInbox = new Hono<AppEnv>()

const MessageNotFound = msg`This message does not exist.`

const messageParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, MessageNotFound)
})

const InboxQuery = v.object({
  status: v.optional(choice(INBOX_STATUSES)),
  limit: v.optional(v.pipe(v.string(), v.transform(Number), wholeNumber(1, 200)), '50'),
})
const inboxQuery = urlInput('query', InboxQuery, () => {
  throw new ApiError(422, msg`Please correct the fields marked.`)
})

const inboxRead = deskInbox.get('/', roleRequired('editor'), inboxQuery, async (c) => {
  const { status, limit } = c.req.valid('query')
  return ok(c, msg`OK`, await listInbox(c.var.db.sql, status, Number(limit)))
})

/** The inbox, newest first, as GET /desk/inbox answers it. */
export const readDeskInbox = deskReader(inboxRead, (query: QueryOf<typeof InboxQuery>) => withQuery('inbox', query))

const messageRead = deskInbox.get('/:id', messageParams, roleRequired('editor'), async (c) => {
  const message = await getMessage(c.var.db.sql, c.req.valid('param').id)
  if (!message) throw new ApiError(404, MessageNotFound)
  return ok(c, msg`OK`, message)
})

/** Message `id` with its replies, as GET /desk/inbox/{id} answers it. */
export const readDeskMessage = deskReader(messageRead, (id: number) => `inbox/${id}`)

deskInbox.patch('/:id', jsonLimit, messageParams, roleRequired('editor'), jsonBody(v.object({ status: choice(INBOX_STATUSES) })), async (c) => {
  const message = await setInboxStatus(c.var.db.sql, c.req.valid('param').id, c.req.valid('json').status, caller(c).id)
  if (!message) throw new ApiError(404, MessageNotFound)
  return ok(c, msg`The message was updated.`, message)
})

deskInbox.post('/:id/reply', jsonLimit, messageParams, roleRequired('editor'), jsonBody(v.object({ text: multiLineText(5000, 2) })), async (c) => {
  const { text } = c.req.valid('json')
  const origin = siteOrigin(c)
  const message = await replyToMessage(c.var.db.sql, c.req.valid('param').id, text, caller(c).id, async (to, tx) => {
    await sendMail(c, { to: to.email, ...contactReplyMail({ origin, message: to, reply: text }) }, { sql: tx })
  })
  if (!message) throw new ApiError(404, MessageNotFound)
  return ok(c, msg`The reply was sent.`, message)
})
