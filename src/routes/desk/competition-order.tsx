// The order of the big competitions on the matches page, at the desk (issue 26, section 3;
// decision 124). Editors only. The screen reads and writes through the desk API
// (PUT /desk/competitions/order), so its checks and audit hold here too.
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { href } from '../../../lib/links.ts'
import { MAX_BIG, readDeskCompetitionOrder } from '../../api/desk/competition-order.ts'
import { CompetitionOrderPage, placeField } from '../../components/desk/competition-order.tsx'
import type { Refused } from '../../components/desk/football-parts.tsx'
import { callDeskApi, deskAnswer } from '../../desk/desk-calls.ts'
import { fail, type FormFailure, invalidForm, readTextFields, unreadableForm } from '../../http/form-answers.ts'
import { formLimit } from '../../http/forms.ts'
import { deskRole } from '../../middleware/guards.ts'
import type { AppEnv } from '../../types.ts'
import { issueText, wholeNumber } from '../../validation/fields.ts'

export const deskOrderScreens = new Hono<AppEnv>()

deskOrderScreens.use('/desk/competitions/*', deskRole('editor'))

/** A competition's place among the big ones. */
const Place = wholeNumber(1, MAX_BIG)

async function orderPage(c: Context<AppEnv>, refused?: Refused): Promise<Response> {
  const competitions = await readDeskCompetitionOrder(c)
  return c.render(<CompetitionOrderPage competitions={competitions} most={MAX_BIG} refused={refused} />, {
    title: c.var.i18n._(msg`Order of competitions`),
    status: refused?.failure.status,
  })
}

deskOrderScreens.get('/desk/competitions/order', (c) => orderPage(c))

deskOrderScreens.post('/desk/competitions/order', formLimit, async (c) => {
  const competitions = await readDeskCompetitionOrder(c)
  const fields = competitions.map((competition) => placeField(competition.id))
  const posted = await readTextFields(c, fields)
  const show = (failure: FormFailure) => orderPage(c, { failure, values: posted?.values ?? {} })
  if (!posted) return fail(c, unreadableForm(c), show)
  const errors: Record<string, string> = { ...(posted.errors as Record<string, string>) }
  const placed: { id: string; place: number; was: number }[] = []
  competitions.forEach((competition, was) => {
    const field = placeField(competition.id)
    const typed = (posted.values[field] ?? '').trim()
    if (typed === '' || errors[field]) return
    const place = v.safeParse(Place, /^\d{1,9}$/.test(typed) ? Number(typed) : Number.NaN)
    if (place.success) placed.push({ id: competition.id, place: place.output, was })
    else errors[field] = issueText(c.var.i18n, place.issues[0].message)
  })
  if (Object.keys(errors).length > 0) return fail(c, invalidForm(c, errors), show)
  // Places are relative: 1, 3, 7 is the same order as 1, 2, 3. Two competitions given one
  // place keep the order they had.
  const ids = placed.sort((a, b) => a.place - b.place || a.was - b.was).map((entry) => entry.id)
  const answer = await callDeskApi(c, 'PUT', 'competitions/order', ids)
  // The API names a refused entry by its index in the list.
  const fieldOf = Object.fromEntries(ids.map((id, index) => [String(index), placeField(id)]))
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskCompetitionOrder'), flash: { type: 'success', key: 'deskOrderSaved' }, show }, fieldOf)
})
