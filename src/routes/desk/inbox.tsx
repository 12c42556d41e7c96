// The desk's inbox (editors): the contact messages, one message with its replies, and the
// forms that mark it and answer it. Reads and writes go through the desk API (inbox calls).
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { href } from '../../../lib/links.ts'
import { readDeskInbox, readDeskMessage } from '../../api/desk/inbox.ts'
import { fail, type FormFailure, invalidForm, readTextFields, unreadableForm } from '../../http/form-answers.ts'
import { INBOX_FILTERS, type InboxFilter, InboxList } from '../../components/desk/inbox-list.tsx'
import { type FailedDeskForm, InboxMessagePage } from '../../components/desk/inbox-message.tsx'
import { callDeskApi, deskAnswer } from '../../desk/desk-calls.ts'
import type { Flash } from '../../flash.ts'
import { formLimit } from '../../http/forms.ts'
import { IdParams, urlInput } from '../../http/params.ts'
import { deskRole } from '../../middleware/guards.ts'
import type { AppEnv } from '../../types.ts'

export const deskInboxScreens = new Hono<AppEnv>()

deskInboxScreens.use('/desk/inbox', deskRole('editor'))
deskInboxScreens.use('/desk/inbox/*', deskRole('editor'))

deskInboxScreens.get('/desk/inbox', async (c) => {
  const asked = c.req.query('status')
  const filter: InboxFilter = INBOX_FILTERS.find((name) => name === asked) ?? 'new'
  const messages = await readDeskInbox(c, { status: filter === 'all' ? undefined : filter, limit: 200 })
  return c.render(<InboxList messages={messages} filter={filter} />, { title: c.var.i18n._(msg`Inbox`) })
})

/** A message's id as the URL gives it: anything but a row id names no message. */
const messageParams = urlInput('param', IdParams)

type Failed = FailedDeskForm<'status' | 'reply'>

async function messagePage(c: Context<AppEnv>, id: number, failed?: Failed): Promise<Response> {
  const message = await readDeskMessage(c, id)
  const subject = message.subject
  return c.render(<InboxMessagePage message={message} failed={failed} />, {
    title: c.var.i18n._(msg`Message: ${subject}`),
    heading: <bdi>{subject}</bdi>,
    status: failed?.failure.status,
  })
}

deskInboxScreens.get('/desk/inbox/:id', messageParams, (c) => messagePage(c, c.req.valid('param').id))

/**
 * A message's form: its fields read, then `call` makes the API call; done → the message
 * with `flash`, refused → the message again with the API's words on the field.
 */
function messageForm(form: Failed['form'], field: string, flash: Flash, call: (c: Context<AppEnv>, id: number, value: string) => ReturnType<typeof callDeskApi>) {
  return async (c: Context<AppEnv>, id: number) => {
    const posted = await readTextFields(c, [field])
    const values = posted?.values ?? {}
    const show = (failure: FormFailure) => messagePage(c, id, { form, failure, values })
    if (!posted) return fail(c, unreadableForm(c), show)
    if (Object.keys(posted.errors).length > 0) return fail(c, invalidForm(c, posted.errors as Record<string, string>), show)
    const answer = await call(c, id, posted.values[field]!)
    return deskAnswer(c, answer, { to: href(c.var.lang, 'deskInboxItem', { id }), flash, show })
  }
}

const markForm = messageForm('status', 'status', { type: 'success', key: 'deskMessageMarked' }, (c, id, status) => callDeskApi(c, 'PATCH', `inbox/${id}`, { status }))
deskInboxScreens.post('/desk/inbox/:id/status', messageParams, formLimit, (c) => markForm(c, c.req.valid('param').id))

const replyForm = messageForm('reply', 'text', { type: 'success', key: 'deskReplySent' }, (c, id, text) => callDeskApi(c, 'POST', `inbox/${id}/reply`, { text }))
deskInboxScreens.post('/desk/inbox/:id/reply', messageParams, formLimit, (c) => replyForm(c, c.req.valid('param').id))
