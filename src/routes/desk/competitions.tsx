// Competitions at the desk (issue 34): the list and a new one, a competition's fields and its
// table rules (decision 148). Editors only. Reads and writes go through the desk API
// (docs/desk-api.md, Competitions), so its checks and audit hold here too.
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { href } from '../../../lib/links.ts'
import { readDeskCompetition, readDeskCompetitions } from '../../api/desk/competitions.ts'
import { CompetitionEditor, CompetitionList } from '../../components/desk/competitions.tsx'
import { deskName } from '../../components/desk/football-clubs.tsx'
import type { Refused } from '../../components/desk/football-parts.tsx'
import { callDeskApi, deskAnswer } from '../../desk/desk-calls.ts'
import { rulesBody, rulesFields, rulesLayout } from '../../desk/rules-form.ts'
import { fail, type FormFailure, invalidForm, readTextFields, succeed, unreadableForm } from '../../http/form-answers.ts'
import { formLimit } from '../../http/forms.ts'
import { urlInput } from '../../http/params.ts'
import { deskRole } from '../../middleware/guards.ts'
import type { AppEnv } from '../../types.ts'

export const deskCompetitionScreens = new Hono<AppEnv>()

deskCompetitionScreens.use('/desk/competitions', deskRole('editor'))
deskCompetitionScreens.use('/desk/competitions/*', deskRole('editor'))

type CompetitionField = 'kind' | 'name.ar' | 'name.en' | 'short_name.ar' | 'short_name.en' | 'country' | 'timezone'
const FIELDS: readonly CompetitionField[] = ['kind', 'name.ar', 'name.en', 'short_name.ar', 'short_name.en', 'country', 'timezone']

/** The competition's fields as the API takes them; an empty country is none. */
const fieldsBody = (values: Record<CompetitionField, string>) => ({
  kind: values.kind,
  name: { ar: values['name.ar'], en: values['name.en'] },
  short_name: { ar: values['short_name.ar'], en: values['short_name.en'] },
  country: values.country.trim() === '' ? null : values.country,
  timezone: values.timezone,
})

async function listPage(c: Context<AppEnv>, refused?: Refused): Promise<Response> {
  const competitions = await readDeskCompetitions(c)
  return c.render(<CompetitionList competitions={competitions} refused={refused} />, { title: c.var.i18n._(msg`Competitions`), status: refused?.failure.status })
}

deskCompetitionScreens.get('/desk/competitions', (c) => listPage(c))

deskCompetitionScreens.post('/desk/competitions', formLimit, async (c) => {
  const posted = await readTextFields(c, ['id' as const, ...FIELDS])
  const show = (failure: FormFailure) => listPage(c, { failure, values: posted?.values ?? {} })
  if (!posted) return fail(c, unreadableForm(c), show)
  if (Object.keys(posted.errors).length > 0) return fail(c, invalidForm(c, posted.errors as Record<string, string>), show)
  const id = posted.values.id.trim()
  const answer = await callDeskApi(c, 'POST', 'competitions', { id, ...fieldsBody(posted.values) })
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskCompetition', { id }), flash: { type: 'success', key: 'deskCompetitionCreated' }, show })
})

interface Screen {
  refused?: Refused
  refusedRules?: Refused
}

/** A competition's id as the address has it: anything else names none. */
const idParams = urlInput('param', v.object({ id: v.pipe(v.string(), v.regex(/^[a-z0-9.]{2,32}$/)) }))

async function competitionPage(c: Context<AppEnv>, id: string, screen: Screen = {}): Promise<Response> {
  const competition = await readDeskCompetition(c, id)
  const name = deskName(competition.name, c.var.lang)
  const status = screen.refused?.failure.status ?? screen.refusedRules?.failure.status
  return c.render(<CompetitionEditor competition={competition} layout={rulesLayout(competition.rules)} refused={screen.refused} refusedRules={screen.refusedRules} />, {
    title: c.var.i18n._(msg`Competition: ${name}`),
    heading: <bdi>{name}</bdi>,
    status,
  })
}

deskCompetitionScreens.get('/desk/competitions/:id', idParams, (c) => competitionPage(c, c.req.valid('param').id))

deskCompetitionScreens.post('/desk/competitions/:id/save', idParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const posted = await readTextFields(c, FIELDS)
  const show = (failure: FormFailure) => competitionPage(c, id, { refused: { failure, values: posted?.values ?? {} } })
  if (!posted) return fail(c, unreadableForm(c), show)
  if (Object.keys(posted.errors).length > 0) return fail(c, invalidForm(c, posted.errors as Record<string, string>), show)
  const answer = await callDeskApi(c, 'PATCH', `competitions/${id}`, fieldsBody(posted.values))
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskCompetition', { id }), flash: { type: 'success', key: 'deskSaved' }, show })
})

deskCompetitionScreens.post('/desk/competitions/:id/rules', idParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  // The form was drawn from the rules as they are kept: the same layout reads it back.
  const layout = rulesLayout((await readDeskCompetition(c, id)).rules)
  const posted = await readTextFields(c, rulesFields(layout))
  const values: Record<string, string> = posted?.values ?? {}
  const show = (failure: FormFailure) => competitionPage(c, id, { refusedRules: { failure, values } })
  if (!posted) return fail(c, unreadableForm(c), show)
  if (Object.keys(posted.errors).length > 0) return fail(c, invalidForm(c, posted.errors as Record<string, string>), show)
  const { rules, fieldOf } = rulesBody(values, layout)
  const to = `${href(c.var.lang, 'deskCompetition', { id })}#desk-competition-rules`
  if (rules === null && layout.length === 1) return succeed(c, to, { type: 'info', key: 'deskNothingChanged' }, c.var.i18n._(msg`Nothing was changed.`))
  const answer = await callDeskApi(c, 'PATCH', `competitions/${id}`, { rules })
  return deskAnswer(c, answer, { to, flash: { type: 'success', key: 'deskSaved' }, show }, fieldOf)
})
