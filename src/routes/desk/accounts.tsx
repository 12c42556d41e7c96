// The desk's admin screens: accounts (found, their role changed, their sessions ended) and
// the audit log. Reads and writes go through the desk API (users and audit calls).
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { href, withQuery } from '../../../lib/links.ts'
import { fail, type FormFailure, invalidForm, readTextFields, unreadableForm } from '../../http/form-answers.ts'
import { AuditLog } from '../../components/desk/audit-log.tsx'
import type { FailedDeskForm } from '../../components/desk/inbox-message.tsx'
import { type AccountForm, UserAccount } from '../../components/desk/users-account.tsx'
import { UsersList } from '../../components/desk/users-list.tsx'
import type { AuditRow } from '../../db/audit.ts'
import type { DeskSession, DeskUser } from '../../db/desk-users.ts'
import { ROLES } from '../../db/users.ts'
import { deskAnswer, callDeskApi, deskRead } from '../../desk/desk-calls.ts'
import type { Flash } from '../../flash.ts'
import { formLimit } from '../../http/forms.ts'
import { deskRole } from '../../middleware/guards.ts'
import type { AppEnv } from '../../types.ts'

export const deskAccountScreens = new Hono<AppEnv>()

for (const path of ['/desk/users', '/desk/users/*', '/desk/audit']) deskAccountScreens.use(path, deskRole('admin'))

deskAccountScreens.get('/desk/users', async (c) => {
  // What the API would refuse is dropped here: a screen's address never makes an error page.
  const query = (c.req.query('q') ?? '').trim().slice(0, 100)
  const role = ROLES.find((name) => name === c.req.query('role'))
  const users = await deskRead<DeskUser[]>(c, withQuery('users', { q: query, role, limit: 100 }))
  return c.render(<UsersList users={users} query={query} role={role} />, { title: c.var.i18n._(msg`Users`) })
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** An id from the URL: anything but a uuid names no account or session. */
function uuidParam(c: Context<AppEnv>, name: string): string {
  const id = c.req.param(name) ?? ''
  if (!UUID.test(id)) throw new HTTPException(404)
  return id
}

async function accountPage(c: Context<AppEnv>, id: string, failed?: FailedDeskForm<AccountForm>): Promise<Response> {
  const [user, sessions] = await Promise.all([deskRead<DeskUser>(c, `users/${id}`), deskRead<DeskSession[]>(c, `users/${id}/sessions`)])
  const name = user.name
  return c.render(<UserAccount user={user} sessions={sessions} failed={failed} now={Date.now()} />, {
    title: c.var.i18n._(msg`Account: ${name}`),
    heading: <bdi>{name}</bdi>,
    status: failed?.failure.status,
  })
}

deskAccountScreens.get('/desk/users/:id', (c) => accountPage(c, uuidParam(c, 'id')))

/** An account's form: done → the account with `flash`; refused → the account with the API's words. */
async function accountForm(c: Context<AppEnv>, form: AccountForm, flash: Flash, call: (id: string, values: Record<string, string>) => ReturnType<typeof callDeskApi>, fields: string[] = []) {
  const id = uuidParam(c, 'id')
  const posted = await readTextFields(c, fields)
  const values = posted?.values ?? {}
  const show = (failure: FormFailure) => accountPage(c, id, { form, failure, values })
  if (!posted) return fail(c, unreadableForm(c), show)
  if (Object.keys(posted.errors).length > 0) return fail(c, invalidForm(c, posted.errors as Record<string, string>), show)
  return deskAnswer(c, await call(id, posted.values), { to: href(c.var.lang, 'deskUser', { id }), flash, show })
}

deskAccountScreens.post('/desk/users/:id/role', formLimit, (c) =>
  accountForm(c, 'role', { type: 'success', key: 'deskRoleChanged' }, (id, { role }) => callDeskApi(c, 'PATCH', `users/${id}`, { role }), ['role']),
)

deskAccountScreens.post('/desk/users/:id/sessions/end', formLimit, (c) =>
  accountForm(c, 'sessions', { type: 'success', key: 'deskSessionsEnded' }, (id) => callDeskApi(c, 'DELETE', `users/${id}/sessions`)),
)

deskAccountScreens.post('/desk/users/:id/sessions/:session/end', formLimit, (c) => {
  const session = uuidParam(c, 'session')
  return accountForm(c, 'sessions', { type: 'success', key: 'deskSessionEnded' }, (id) => callDeskApi(c, 'DELETE', `users/${id}/sessions/${session}`))
})

deskAccountScreens.get('/desk/audit', async (c) => {
  const { target_type: type = '', target_id: id = '', before: older = '' } = c.req.query()
  const targetType = /^[a-z_]{1,20}$/.test(type) ? type : undefined
  const targetId = id.trim().slice(0, 40) || undefined
  const before = /^\d{1,18}$/.test(older) ? older : undefined
  const page = await deskRead<{ entries: AuditRow[]; next: string | null }>(c, withQuery('audit', { target_type: targetType, target_id: targetId, before }))
  return c.render(<AuditLog entries={page.entries} next={page.next} filter={{ targetType, targetId }} />, { title: c.var.i18n._(msg`Audit log`) })
})
