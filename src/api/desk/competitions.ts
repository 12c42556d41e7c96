// Competitions made and edited at the desk (issue 34; docs/desk-api.md, Competitions): their
// names, country, the zone kick-offs are typed in, and their table rules (decision 148).
// Editors only, as all football data (decision 080).
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { isTimeZone } from '../../../lib/quiet-hours.ts'
import { createCompetition, listCompetitions, readCompetition, updateCompetition } from '../../db/desk-competitions.ts'
import { deskReader } from '../../desk/desk-calls.ts'
import { ApiError, created, invalidField, ok } from '../../http/envelope.ts'
import { urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { choice, Country, type IssueKey, requiredText } from '../../validation/fields.ts'
import { TableRulesInput } from '../../validation/table-rules.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'

export const deskCompetitions = new Hono<AppEnv>()

const NotFound = msg`There is no competition with this id.`

/** As competitions.id allows; `order` names the order of the big ones (src/api/desk/competition-order.ts). */
const CompetitionId = v.pipe(
  v.string('notText' satisfies IssueKey),
  v.regex(/^[a-z0-9.]{2,32}$/, 'invalid' satisfies IssueKey),
  v.check((id) => id !== 'order', 'invalid' satisfies IssueKey),
)

const idParams = urlInput('param', v.object({ id: CompetitionId }), () => {
  throw new ApiError(404, NotFound)
})

const TimeZone = v.pipe(
  v.string('timeZone' satisfies IssueKey),
  v.maxLength(64, 'timeZone' satisfies IssueKey),
  v.check(isTimeZone, 'timeZone' satisfies IssueKey),
  // The zone's own spelling: "africa/cairo" is kept as Africa/Cairo.
  v.transform((timeZone) => new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone),
)

const Kind = choice(['league', 'cup'] as const)
const BothNames = v.object({ ar: requiredText(100), en: requiredText(100) })
const SomeNames = v.object({ ar: v.optional(requiredText(100)), en: v.optional(requiredText(100)) })

const CreateBody = v.object({
  id: CompetitionId,
  kind: Kind,
  name: BothNames,
  short_name: BothNames,
  country: v.optional(v.nullable(Country), null),
  timezone: TimeZone,
  rules: v.optional(TableRulesInput),
})

const PatchBody = v.object({
  kind: v.optional(Kind),
  name: v.optional(SomeNames),
  short_name: v.optional(SomeNames),
  country: v.optional(v.nullable(Country)),
  timezone: v.optional(TimeZone),
  rules: v.optional(TableRulesInput),
})

const listRead = deskCompetitions.get('/', roleRequired('editor'), async (c) => ok(c, msg`OK`, await listCompetitions(c.var.db.sql)))

/** Every competition with its rules, as GET /desk/competitions answers them. */
export const readDeskCompetitions = deskReader(listRead, () => 'competitions')

const oneRead = deskCompetitions.get('/:id', idParams, roleRequired('editor'), async (c) => {
  const competition = await readCompetition(c.var.db.sql, c.req.valid('param').id)
  if (!competition) throw new ApiError(404, NotFound)
  return ok(c, msg`OK`, competition)
})

/** Competition `id` with its rules, as GET /desk/competitions/{id} answers it. */
export const readDeskCompetition = deskReader(oneRead, (id: string) => `competitions/${id}`)

deskCompetitions.post('/', jsonLimit, roleRequired('editor'), jsonBody(CreateBody), async (c) => {
  const { id, kind, name, short_name: shortName, country, timezone, rules } = c.req.valid('json')
  const result = await createCompetition(c.var.db.sql, id, { kind, name, shortName, country, timezone }, rules, caller(c).id)
  if ('taken' in result) throw invalidField(c, 'id', msg`Another competition already has this id.`)
  return created(c, msg`The competition was created.`, result.row)
})

deskCompetitions.patch('/:id', jsonLimit, idParams, roleRequired('editor'), jsonBody(PatchBody), async (c) => {
  const body = c.req.valid('json')
  if (Object.values(body).every((value) => value === undefined)) {
    throw invalidField(c, 'body', msg`Please send at least one of kind, name, short_name, country, timezone or rules.`)
  }
  const change = { kind: body.kind, name: body.name, shortName: body.short_name, country: body.country, timezone: body.timezone, rules: body.rules }
  const result = await updateCompetition(c.var.db.sql, c.req.valid('param').id, change, caller(c).id)
  if ('missing' in result) throw new ApiError(404, NotFound)
  return ok(c, msg`The competition was saved.`, result.row)
})
