// The live text: minute-by-minute entries in Arabic, English or both, each of which may be a
// key event or pinned. The rules are the events API's: the editor role, Postgres first (with
// the audit entry), then the broadcast.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { addCommentary, type CommentaryInput, removeCommentary, updateCommentary } from '../../db/live.ts'
import { ApiError, created, invalidField, ok } from '../../http/envelope.ts'
import type { AppEnv } from '../../types.ts'
import { multiLineText, wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'
import { broadcast, MatchNotFound, matchParams, matchRowParams } from './match-route.ts'

export const commentary = new Hono<AppEnv>()

const EntryNotFound = msg`This entry of live text does not exist.`

/** 2,000 characters: a long paragraph; live text is read as it comes. */
const EntryText = v.optional(v.nullable(multiLineText(2000, 1)))

const Texts = v.object({ ar: EntryText, en: EntryText })

const NewEntryBody = v.object({
  minute: wholeNumber(0, 130),
  stoppage: v.optional(v.nullable(wholeNumber(0, 30)), null),
  text: Texts,
  key: v.optional(v.boolean('invalid'), false),
  pinned: v.optional(v.boolean('invalid'), false),
})

const EntryPatchBody = v.object({
  minute: v.optional(wholeNumber(0, 130)),
  stoppage: v.optional(v.nullable(wholeNumber(0, 30))),
  text: v.optional(Texts),
  key: v.optional(v.boolean('invalid')),
  pinned: v.optional(v.boolean('invalid')),
})

const NeedsText = msg`Please write the entry in Arabic, in English or in both.`

commentary.post('/:id/commentary', jsonLimit, matchParams, roleRequired('editor'), jsonBody(NewEntryBody), async (c) => {
  const { id } = c.req.valid('param')
  const body = c.req.valid('json')
  const text = { ar: body.text.ar ?? null, en: body.text.en ?? null }
  if (text.ar === null && text.en === null) throw invalidField(c, 'text', NeedsText)
  const input: CommentaryInput = { minute: body.minute, stoppage: body.stoppage, text, key: body.key, pinned: body.pinned }
  const result = await addCommentary(c.var.db.sql, id, input, caller(c).id)
  if (result.kind === 'missing') throw new ApiError(404, MatchNotFound)
  await broadcast(c, id, { type: 'change', state: result.state, commentary: result.entry })
  return created(c, msg`The entry was added.`, { id: result.entry.id, entry: result.entry })
})

commentary.patch('/:id/commentary/:entryId', jsonLimit, matchRowParams(EntryNotFound), roleRequired('editor'), jsonBody(EntryPatchBody), async (c) => {
  const { id, entryId } = c.req.valid('param')
  const body = c.req.valid('json')
  if (Object.values(body).every((value) => value === undefined)) {
    throw invalidField(c, 'body', msg`Please send at least one of minute, stoppage, text, key or pinned.`)
  }
  // A text field left out stays as it is; one sent as null is taken away.
  const text = body.text && Object.fromEntries(Object.entries(body.text).filter(([, value]) => value !== undefined))
  const patch: Partial<CommentaryInput> = { ...body, text: text as CommentaryInput['text'] | undefined }
  const result = await updateCommentary(c.var.db.sql, id, entryId, patch, caller(c).id)
  if (result.kind === 'missing') throw new ApiError(404, EntryNotFound)
  if (result.kind === 'no-text') throw invalidField(c, 'text', NeedsText)
  await broadcast(c, id, { type: 'change', state: result.state, commentary: result.entry })
  return ok(c, msg`The entry was saved.`, { id: result.entry.id, entry: result.entry })
})

commentary.delete('/:id/commentary/:entryId', matchRowParams(EntryNotFound), roleRequired('editor'), async (c) => {
  const { id, entryId } = c.req.valid('param')
  const result = await removeCommentary(c.var.db.sql, id, entryId, caller(c).id)
  if (result.kind === 'missing') throw new ApiError(404, EntryNotFound)
  await broadcast(c, id, { type: 'change', state: result.state, removedCommentary: entryId })
  return ok(c, msg`The entry was deleted.`)
})
