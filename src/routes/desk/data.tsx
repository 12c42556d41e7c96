// The data status screen (editors, issue 16): each sync's last run and next, and the queue
// of teams no alias reaches, each mapped to a club or made one. Through the desk API.
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { href } from '../../../lib/links.ts'
import { readDeskData } from '../../api/desk/data-sync.ts'
import { fail, type FormFailure, readTextFields, unreadableForm } from '../../http/form-answers.ts'
import { DataStatusPage } from '../../components/desk/data-status.tsx'
import { callDeskApi, deskAnswer } from '../../desk/desk-calls.ts'
import { formLimit } from '../../http/forms.ts'
import { IdParams, PAGE_NUMBER, urlInput } from '../../http/params.ts'
import { deskRole } from '../../middleware/guards.ts'
import type { AppEnv } from '../../types.ts'
import { numberOrText } from '../../desk/screen-params.ts'

export const deskDataScreens = new Hono<AppEnv>()

deskDataScreens.use('/desk/data', deskRole('editor'))
deskDataScreens.use('/desk/data/*', deskRole('editor'))

/**
 * The page of the queue and of the runs the address asks for (`?queue_page=`, `?runs_page=`);
 * what the API would refuse is dropped, so a screen's address never makes an error page.
 */
async function dataPage(c: Context<AppEnv>, failure?: FormFailure): Promise<Response> {
  const { queue_page: queue = '', runs_page: runs = '' } = c.req.query()
  const asked = (value: string) => (PAGE_NUMBER.test(value) ? value : undefined)
  const status = await readDeskData(c, { queue_page: asked(queue), runs_page: asked(runs) })
  return c.render(<DataStatusPage status={status} failure={failure} />, { title: c.var.i18n._(msg`Data status`), status: failure?.status })
}

deskDataScreens.get('/desk/data', (c) => dataPage(c))

/** A waiting team's id: anything but a row id names none. */
const teamParams = urlInput('param', IdParams)

deskDataScreens.post('/desk/data/unmatched/:id/map', teamParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const posted = await readTextFields(c, ['club_id'])
  const show = (failure: FormFailure) => dataPage(c, failure)
  if (!posted) return fail(c, unreadableForm(c), show)
  const answer = await callDeskApi(c, 'POST', `data/unmatched/${id}/map`, { club_id: numberOrText(posted.values.club_id ?? '') })
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskData'), flash: { type: 'success', key: 'deskTeamMapped' }, show })
})

deskDataScreens.post('/desk/data/unmatched/:id/create', teamParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const posted = await readTextFields(c, ['name.en', 'name.ar'])
  const show = (failure: FormFailure) => dataPage(c, failure)
  if (!posted) return fail(c, unreadableForm(c), show)
  const ar = posted.values['name.ar']?.trim()
  const answer = await callDeskApi(c, 'POST', `data/unmatched/${id}/create`, { name: { en: posted.values['name.en'] ?? '', ...(ar && { ar }) } })
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskData'), flash: { type: 'success', key: 'deskClubCreated' }, show })
})
