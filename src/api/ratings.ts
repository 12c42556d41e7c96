// Ratings (issue 5; spec §3–§5, §9): the signed-in reader's rating of a post or a player.
// PUT sets or changes it, DELETE removes it, GET reads it with the item's totals. Every
// answer carries the item's average (one decimal), its count and the reader's own value,
// read in the transaction of the write (src/db/ratings.ts).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { RATING_DEFAULTS } from '../../lib/rating.ts'
import { readRating, RATED_KINDS, type RatedItem, type RatingState, removeRating, saveRating } from '../db/ratings.ts'
import { parseId } from '../http/params.ts'
import type { AppEnv } from '../types.ts'
import { requireSession } from './authentication.ts'
import { ApiError, invalidFields, ok } from '../http/envelope.ts'
import { jsonLimit, readJson } from './input.ts'

export const ratings = new Hono<AppEnv>()

const PROBLEMS = {
  type: msg`Please say what is rated: post or player.`,
  id: msg`Please give the id of the post or player as a whole number.`,
  value: msg`Please choose a rating from 0 to 5 in steps of 0.5.`,
} satisfies Record<string, MessageDescriptor>

type Field = keyof typeof PROBLEMS

/**
 * The widget clamps and rounds what a reader picks (lib/rating.ts), so a value off the
 * 0.5 grid or out of range never comes from it: the API refuses it rather than guess.
 */
const Value = v.pipe(
  v.number(),
  v.minValue(0),
  v.maxValue(RATING_DEFAULTS.stars),
  v.check((n) => Number.isInteger(n / RATING_DEFAULTS.step)),
)

/** Ids arrive as JSON numbers or, from a query, as digits. */
function itemId(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw > 0 ? raw : null
  return typeof raw === 'string' ? parseId(raw) : null
}

/** Type, id and (when `withValue`) value from a body or a query, or a 422 naming each bad field. */
function readInput(c: Context<AppEnv>, input: Record<string, unknown>, withValue: true): RatedItem & { value: number }
function readInput(c: Context<AppEnv>, input: Record<string, unknown>, withValue: false): RatedItem
function readInput(c: Context<AppEnv>, input: Record<string, unknown>, withValue: boolean): RatedItem & { value?: number } {
  const bad: Field[] = []
  const type = RATED_KINDS.find((kind) => kind === input.type)
  if (!type) bad.push('type')
  const id = itemId(input.id)
  if (id === null) bad.push('id')
  const value = v.safeParse(Value, input.value)
  if (withValue && !value.success) bad.push('value')
  if (!type || id === null || bad.length > 0) {
    throw invalidFields(Object.fromEntries(bad.map((field) => [field, c.var.i18n._(PROBLEMS[field])])))
  }
  return { type, id, value: value.success ? value.output : undefined }
}

const AnyObject = v.record(v.string(), v.unknown())

/** A JSON body's fields; a DELETE without a body names the item in its query instead. */
function readBody(c: Context<AppEnv>): Promise<Record<string, unknown>> | Record<string, unknown> {
  if (c.req.method === 'DELETE' && !c.req.header('content-type')) return c.req.query()
  return readJson(c, AnyObject)
}

const NOT_FOUND = msg`There is no such post or player to rate.`

function answer(c: Context<AppEnv>, message: MessageDescriptor, item: RatedItem, state: RatingState | null) {
  if (!state) throw new ApiError(404, NOT_FOUND)
  return ok(c, message, { type: item.type, id: item.id, ...state })
}

ratings.get('/', async (c) => {
  const user = await requireSession(c)
  const item = readInput(c, c.req.query(), false)
  return answer(c, msg`OK`, item, await readRating(c.var.db.sql, user.id, item))
})

ratings.put('/', jsonLimit, async (c) => {
  const user = await requireSession(c)
  const { value, ...item } = readInput(c, await readBody(c), true)
  return answer(c, msg`Your rating has been saved.`, item, await saveRating(c.var.db.sql, user.id, item, value))
})

ratings.delete('/', jsonLimit, async (c) => {
  const user = await requireSession(c)
  const item = readInput(c, await readBody(c), false)
  return answer(c, msg`Your rating has been removed.`, item, await removeRating(c.var.db.sql, user.id, item))
})
