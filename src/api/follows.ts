// Follows (issue 27, section 1; decision 127): the signed-in reader's clubs, players,
// competitions and single matches, each with the kinds of alert they want. POST follows
// (201; 200 with the follow as it is when it exists already), PATCH changes the alerts,
// DELETE unfollows, GET lists them with the names of what is followed in the request's
// language. Bearer only, as every call of this API: nothing here is reachable by a forged
// cross-site request (src/app.tsx, originCheck). Documented in docs/follows-api.md.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { ALERT_KINDS, type AlertKind } from '../../lib/alert-kinds.ts'
import { alertSet, DEFAULT_ALERTS, FOLLOW_TYPES, type FollowType, MAX_FOLLOWS } from '../../lib/follows.ts'
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import { type Follow, type FollowTarget, listFollows, removeFollow, saveFollow, setFollowAlerts } from '../db/follows.ts'
import { parseId } from '../http/params.ts'
import { privateNoStore } from '../middleware/private.ts'
import type { AppEnv } from '../types.ts'
import { caller, sessionRequired } from './guards.ts'
import { ApiError, created, invalidFields, ok } from '../http/envelope.ts'
import { jsonBody, jsonLimit } from './input.ts'

export const followsApi = new Hono<AppEnv>()

followsApi.use(privateNoStore)

const PROBLEMS = {
  type: msg`Please say what to follow: club, player, competition or match.`,
  id: msg`There is no such club, player, competition or match to follow.`,
  alerts: msg`Please choose alerts from: kickoff, lineups, goal, red_card, penalty_missed, half_time, full_time, correction, news.`,
  body: msg`Please send the alerts to keep, as a list.`,
} satisfies Record<string, MessageDescriptor>

type Field = keyof typeof PROBLEMS

function refusedFields(c: Context<AppEnv>, fields: Iterable<Field>): ApiError {
  return invalidFields(Object.fromEntries([...fields].map((field) => [field, c.var.i18n._(PROBLEMS[field])])))
}

/** A 422 naming each bad field with its own words, which say what a follow needs. */
function refuseFollow(result: v.SafeParseResult<v.GenericSchema>, c: Context<AppEnv>): void {
  if (result.success) return
  const fields = new Set(result.issues.map((issue) => issue.path?.[0]?.key).filter((key): key is Field => typeof key === 'string' && key in PROBLEMS))
  throw refusedFields(c, fields.size ? fields : ['body'])
}

// A competition's id as its table allows it (…_football.sql); the others are row ids.
const COMPETITION_ID = /^[a-z0-9.]{2,32}$/

/** The target a type and an id name, or null when the id cannot be one of that type. */
function targetOf(type: FollowType, id: number | string): FollowTarget | null {
  if (type === 'competition') return typeof id === 'string' && COMPETITION_ID.test(id) ? { type, id } : null
  const row = typeof id === 'number' ? (Number.isSafeInteger(id) && id > 0 ? id : null) : parseId(id)
  return row === null ? null : { type, id: row }
}

// At most one of each kind: a longer list is refused before its items are read.
const Alerts = v.pipe(v.array(v.unknown()), v.maxLength(ALERT_KINDS.length), v.array(v.picklist(ALERT_KINDS)))

const FollowBody = v.object({
  type: v.picklist(FOLLOW_TYPES),
  // Numbers for clubs, players and matches (digits are taken too), text for competitions.
  id: v.union([v.number(), v.pipe(v.string(), v.maxLength(32))]),
  alerts: v.optional(Alerts),
})

const AlertsBody = v.object({ alerts: Alerts })

/** A follow as the API answers it: the names in the request's language. */
function followPayload(follow: Follow, lang: Locale) {
  const name = localized(follow.name, lang)
  return {
    type: follow.type,
    id: follow.id,
    name: follow.opponent ? `${name} – ${localized(follow.opponent, lang)}` : name,
    alerts: follow.alerts,
    created_at: follow.createdAt,
  }
}

const lang = (c: Context<AppEnv>) => c.var.lang

const NOT_FOLLOWED = msg`You do not follow this.`

/** The target of PATCH and DELETE: anything that cannot be a follow is one the reader does not have. */
function paramTarget(c: Context<AppEnv>): FollowTarget {
  const type = FOLLOW_TYPES.find((t) => t === c.req.param('type'))
  const target = type && targetOf(type, c.req.param('id') ?? '')
  if (!target) throw new ApiError(404, NOT_FOLLOWED)
  return target
}

followsApi.get('/', sessionRequired, async (c) => {
  const follows = await listFollows(c.var.db.sql, caller(c).id)
  return ok(c, msg`OK`, { follows: follows.map((f) => followPayload(f, lang(c))), limit: MAX_FOLLOWS })
})

followsApi.post('/', jsonLimit, sessionRequired, jsonBody(FollowBody, { refuse: refuseFollow }), async (c) => {
  const body = c.req.valid('json')
  const target = targetOf(body.type, body.id)
  if (!target) throw refusedFields(c, ['id'])
  const alerts = alertSet(body.alerts ?? DEFAULT_ALERTS[target.type])
  const saved = await saveFollow(c.var.db.sql, caller(c).id, target, alerts)
  if ('refused' in saved) {
    if (saved.refused === 'signed-out') throw new ApiError(401, msg`Please sign in.`)
    if (saved.refused === 'unknown') throw refusedFields(c, ['id'])
    const limit = msg`You can follow at most ${MAX_FOLLOWS} clubs, players, competitions and matches. Please unfollow one first.`
    throw new ApiError(422, limit, { errors: { body: c.var.i18n._(limit) } })
  }
  const data = followPayload(saved.follow, lang(c))
  return saved.created ? created(c, msg`You now follow this.`, data) : ok(c, msg`You already follow this.`, data)
})

followsApi.patch('/:type/:id', jsonLimit, sessionRequired, jsonBody(AlertsBody, { refuse: refuseFollow }), async (c) => {
  const target = paramTarget(c)
  const alerts: AlertKind[] = alertSet(c.req.valid('json').alerts)
  const follow = await setFollowAlerts(c.var.db.sql, caller(c).id, target, alerts)
  if (!follow) throw new ApiError(404, NOT_FOLLOWED)
  return ok(c, msg`Your alerts have been saved.`, followPayload(follow, lang(c)))
})

followsApi.delete('/:type/:id', sessionRequired, async (c) => {
  const target = paramTarget(c)
  if (!(await removeFollow(c.var.db.sql, caller(c).id, target))) throw new ApiError(404, NOT_FOLLOWED)
  return ok(c, msg`You no longer follow this.`)
})
