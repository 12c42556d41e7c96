// Ratings (issue 5; spec §3–§5, §9): the signed-in reader's rating of a post or a player.
// PUT sets or changes it, DELETE removes it, GET reads it with the item's totals. Every
// answer carries the item's average (one decimal), its count and the reader's own value,
// read in the transaction of the write (src/db/ratings.ts).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { vValidator } from '@hono/valibot-validator'
import { RATING_DEFAULTS } from '../../lib/rating.ts'
import { readRating, RATED_KINDS, type RatedItem, type RatingState, removeRating, saveRating } from '../db/ratings.ts'
import { RowId } from '../http/params.ts'
import type { AppEnv } from '../types.ts'
import { caller, sessionRequired } from './guards.ts'
import { ApiError, invalidFields, ok } from '../http/envelope.ts'
import { jsonBody, jsonLimit } from './input.ts'

export const ratingsApi = new Hono<AppEnv>()

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
const ItemId = v.union([v.pipe(v.number(), v.safeInteger(), v.minValue(1)), RowId])

const Item = { type: v.picklist(RATED_KINDS), id: ItemId }
const ItemInput = v.object(Item)
const RatingInput = v.object({ ...Item, value: Value })

/** A 422 naming each bad field with its own words, which say what a rating needs. */
function refuseRating(result: v.SafeParseResult<v.GenericSchema>, c: Context<AppEnv>): void {
  if (result.success) return
  const fields = new Set(result.issues.map((issue) => issue.path?.[0]?.key).filter((key): key is Field => typeof key === 'string' && key in PROBLEMS))
  throw invalidFields(Object.fromEntries([...fields].map((field) => [field, c.var.i18n._(PROBLEMS[field])])))
}

const NOT_FOUND = msg`There is no such post or player to rate.`

function answer(c: Context<AppEnv>, message: MessageDescriptor, item: RatedItem, state: RatingState | null) {
  if (!state) throw new ApiError(404, NOT_FOUND)
  return ok(c, message, { type: item.type, id: item.id, ...state })
}

ratingsApi.get('/', sessionRequired, vValidator('query', ItemInput, refuseRating), async (c) => {
  const item = c.req.valid('query')
  return answer(c, msg`OK`, item, await readRating(c.var.db.sql, caller(c).id, item))
})

ratingsApi.put('/', jsonLimit, sessionRequired, jsonBody(RatingInput, { refuse: refuseRating }), async (c) => {
  const { value, ...item } = c.req.valid('json')
  return answer(c, msg`Your rating has been saved.`, item, await saveRating(c.var.db.sql, caller(c).id, item, value))
})

// A DELETE without a body names the item in its query instead.
ratingsApi.delete('/', jsonLimit, sessionRequired, jsonBody(ItemInput, { withoutBody: 'query', refuse: refuseRating }), async (c) => {
  const item = c.req.valid('json')
  return answer(c, msg`Your rating has been removed.`, item, await removeRating(c.var.db.sql, caller(c).id, item))
})
