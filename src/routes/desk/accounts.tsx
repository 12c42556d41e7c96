// The desk's admin screens: accounts (found, their role changed, their sessions ended) and
// the audit log. Reads and writes go through the desk API (users and audit calls).
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { href } from '../../../lib/links.ts'
import { readDeskAudit } from '../../api/desk/audit.ts'
import { readDeskSessions, readDeskUser, readDeskUsers } from '../../api/desk/users.ts'
import { fail, type FormFailure, invalidForm, readTextFields, unreadableForm } from '../../http/form-answers.ts'
import { AuditLog } from '../../components/desk/audit-log.tsx'
import type { FailedDeskForm } from '../../components/desk/inbox-message.tsx'
import { type AccountForm, UserAccount } from '../../components/desk/users-account.tsx'
import { UsersList } from '../../components/desk/users-list.tsx'
import { ROLES } from '../../db/users.ts'
import { callDeskApi, deskAnswer } from '../../desk/desk-calls.ts'
import type { Flash } from '../../flash.ts'
import { formLimit } from '../../http/forms.ts'
import { parseId, urlInput, Uuid } from '../../http/params.ts'
import { deskRole } from '../../middleware/guards.ts'
import type { AppEnv } from '../../types.ts'

export const deskAccountScreens = new Hono<AppEnv>()

for (const path of ['/desk/users', '/desk/users/*', '/desk/audit']) deskAccountScreens.use(path, deskRole('admin'))

deskAccountScreens.get('/desk/users', async (c) => {
  // What the API would refuse is dropped here: a screen's address never makes an error page.
  const query = (c.req.query('q') ?? '').trim().slice(0, 100)
  const role = ROLES.find((name) => name === c.req.query('role'))
  const users = await readDeskUsers(c, { q: query, role, limit: 100 })
  return c.render(<UsersList users={users} query={query} role={role} />, { title: c.var.i18n._(msg`Users`) })
})

// An account's and a session's ids from the URL: anything but a uuid names none.
const accountParams = urlInput('param', v.object({ id: Uuid }))
const sessionParams = urlInput('param', v.object({ id: Uuid, session: Uuid }))

async function accountPage(c: Context<AppEnv>, id: string, failed?: FailedDeskForm<AccountForm>): Promise<Response> {
  const [user, sessions] = await Promise.all([readDeskUser(c, id), readDeskSessions(c, id)])
  const name = user.name
  return c.render(<UserAccount user={user} sessions={sessions} failed={failed} now={Date.now()} />, {
    title: c.var.i18n._(msg`Account: ${name}`),
    heading: <bdi>{name}</bdi>,
    status: failed?.failure.status,
  })
}

deskAccountScreens.get('/desk/users/:id', accountParams, (c) => accountPage(c, c.req.valid('param').id))

/** Account `id`'s form: done → the account with `flash`; refused → the account with the API's words. */
async function accountForm(
  c: Context<AppEnv>,
  id: string,
  form: AccountForm,
  flash: Flash,
  call: (id: string, values: Record<string, string>) => ReturnType<typeof callDeskApi>,
  fields: string[] = [],
) {
  const posted = await readTextFields(c, fields)
  const values = posted?.values ?? {}
  const show = (failure: FormFailure) => accountPage(c, id, { form, failure, values })
  if (!posted) return fail(c, unreadableForm(c), show)
  if (Object.keys(posted.errors).length > 0) return fail(c, invalidForm(c, posted.errors as Record<string, string>), show)
  return deskAnswer(c, await call(id, posted.values), { to: href(c.var.lang, 'deskUser', { id }), flash, show })
}

deskAccountScreens.post('/desk/users/:id/role', accountParams, formLimit, (c) =>
  accountForm(c, c.req.valid('param').id, 'role', { type: 'success', key: 'deskRoleChanged' }, (id, { role }) => callDeskApi(c, 'PATCH', `users/${id}`, { role }), ['role']),
)

deskAccountScreens.post('/desk/users/:id/sessions/end', accountParams, formLimit, (c) =>
  accountForm(c, c.req.valid('param').id, 'sessions', { type: 'success', key: 'deskSessionsEnded' }, (id) => callDeskApi(c, 'DELETE', `users/${id}/sessions`)),
)

deskAccountScreens.post('/desk/users/:id/sessions/:session/end', sessionParams, formLimit, (c) => {
  const { id, session } = c.req.valid('param')
  return accountForm(c, id, 'sessions', { type: 'success', key: 'deskSessionEnded' }, () => callDeskApi(c, 'DELETE', `users/${id}/sessions/${session}`))
})

deskAccountScreens.get('/desk/audit', async (c) => {
  const { target_type: type = '', target_id: id = '', before: older = '' } = c.req.query()
  const targetType = /^[a-z_]{1,20}$/.test(type) ? type : undefined
  const targetId = id.trim().slice(0, 40) || undefined
  const before = parseId(older) ?? undefined
  const page = await readDeskAudit(c, { target_type: targetType, target_id: targetId, before })
  return c.render(<AuditLog entries={page.entries} next={page.next} filter={{ targetType, targetId }} />, { title: c.var.i18n._(msg`Audit log`) })
})
