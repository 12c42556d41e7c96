// Where to watch (issue 26, section 1; docs/desk-api.md, decision 119): the channels editors
// keep, and each match's broadcasts, replaced as one list. Editors only: which channel shows a
// match where is the newsroom's word to readers. Names are plain text (decision 121).
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { COMMENTARY_LANGUAGE_CODES } from '../../../lib/languages.ts'
import { withQuery } from '../../../lib/links.ts'
import {
  type BroadcastInput,
  type ChannelRefusal,
  copyToRound,
  insertChannel,
  listChannels,
  listSeasonRounds,
  readChannel,
  readMatchBroadcasts,
  readRoundBroadcasts,
  replaceMatchBroadcasts,
  updateChannel,
} from '../../db/channels.ts'
import { deskReader, type QueryOf } from '../../desk/desk-calls.ts'
import { ApiError, created, invalidField, ok } from '../../http/envelope.ts'
import { IdParams, urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { choice, Country, HttpsUrl, type IssueKey, plainText, RowRef, wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit, jsonLimitOf } from '../input.ts'
import { MatchNotFound, matchParams } from '../live/match-route.ts'

export const deskChannels = new Hono<AppEnv>()

const ChannelNotFound = msg`This channel does not exist.`

const channelParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, ChannelNotFound)
})

/** One or more countries, each once, in code order. */
const Countries = v.pipe(
  v.array(Country, 'list' satisfies IssueKey),
  v.transform((codes) => [...new Set(codes)].sort()),
  v.minLength(1, 'required' satisfies IssueKey),
)

const Name = plainText(100)
const ReceptionText = v.nullable(plainText(300))

const NewChannelBody = v.object({
  name: v.object({ ar: Name, en: Name }),
  free_to_air: v.boolean('choice' satisfies IssueKey),
  countries: Countries,
  url: v.optional(v.nullable(HttpsUrl), null),
  reception: v.optional(v.object({ ar: v.optional(ReceptionText), en: v.optional(ReceptionText) }), {}),
  logo: v.optional(v.nullable(RowRef), null),
})

const ChannelPatchBody = v.object({
  name: v.optional(v.object({ ar: v.optional(Name), en: v.optional(Name) })),
  free_to_air: v.optional(v.boolean('choice' satisfies IssueKey)),
  countries: v.optional(Countries),
  url: v.optional(v.nullable(HttpsUrl)),
  reception: v.optional(v.object({ ar: v.optional(ReceptionText), en: v.optional(ReceptionText) })),
  logo: v.optional(v.nullable(RowRef)),
})

/** A commentator is named in Arabic, in English or in both. */
const Commentator = v.pipe(
  v.object({ ar: v.optional(Name), en: v.optional(Name) }),
  v.check((names) => names.ar !== undefined || names.en !== undefined, 'required' satisfies IssueKey),
)

/** The most broadcasts one match's list takes: more channels than any match has ever had. */
const MAX_BROADCASTS = 50
/** The most commentators one broadcast names. */
const MAX_COMMENTATORS = 5

const Broadcast = v.object({
  channel_id: RowRef,
  countries: Countries,
  commentators: v.optional(v.pipe(v.array(Commentator, 'list' satisfies IssueKey), v.maxLength(MAX_COMMENTATORS, `tooMany:${MAX_COMMENTATORS}` satisfies IssueKey)), []),
  language: v.optional(v.nullable(choice(COMMENTARY_LANGUAGE_CODES)), null),
})

const BroadcastsBody = v.pipe(
  v.array(Broadcast, 'list' satisfies IssueKey),
  v.maxLength(MAX_BROADCASTS, `tooMany:${MAX_BROADCASTS}` satisfies IssueKey),
)

/**
 * A full list at its largest: 50 broadcasts of every country, five commentators each named in
 * both languages, escaped as JSON may escape them (about 5 KB a broadcast).
 */
const broadcastsLimit = jsonLimitOf(256 * 1024)

const ListQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  country: v.optional(Country),
  limit: v.optional(v.pipe(v.string(), v.transform(Number), wholeNumber(1, 500)), '200'),
})

const listQuery = urlInput('query', ListQuery, () => {
  throw new ApiError(422, msg`Please correct the fields marked.`)
})

function refused(c: Context<AppEnv>, { refused: field }: ChannelRefusal): never {
  if (field === 'logo') throw invalidField(c, 'logo', msg`The logo must be an image from the media library.`)
  throw invalidField(c, field, msg`Another channel already has this name.`)
}

const channelsRead = deskChannels.get('/channels', roleRequired('editor'), listQuery, async (c) => {
  const { q, country, limit } = c.req.valid('query')
  return ok(c, msg`OK`, await listChannels(c.var.db.sql, { q, country, limit: Number(limit) }))
})

/** The channels, by English name, as GET /desk/channels answers them. */
export const readDeskChannels = deskReader(channelsRead, (query: QueryOf<typeof ListQuery>) => withQuery('channels', query))

const channelRead = deskChannels.get('/channels/:id', channelParams, roleRequired('editor'), async (c) => {
  const channel = await readChannel(c.var.db.sql, c.req.valid('param').id)
  if (!channel) throw new ApiError(404, ChannelNotFound)
  return ok(c, msg`OK`, channel)
})

/** Channel `id`, as GET /desk/channels/{id} answers it. */
export const readDeskChannel = deskReader(channelRead, (id: number) => `channels/${id}`)

deskChannels.post('/channels', jsonLimit, roleRequired('editor'), jsonBody(NewChannelBody), async (c) => {
  const body = c.req.valid('json')
  const result = await insertChannel(
    c.var.db.sql,
    { name: body.name, freeToAir: body.free_to_air, countries: body.countries, url: body.url, reception: withoutNulls(body.reception), logo: body.logo },
    caller(c).id,
  )
  if ('refused' in result) refused(c, result)
  return created(c, msg`The channel was added.`, result)
})

deskChannels.patch('/channels/:id', jsonLimit, channelParams, roleRequired('editor'), jsonBody(ChannelPatchBody), async (c) => {
  const body = c.req.valid('json')
  if (Object.values(body).every((value) => value === undefined)) {
    throw invalidField(c, 'body', msg`Please send at least one of name, free_to_air, countries, url, reception or logo.`)
  }
  const change = { name: body.name, freeToAir: body.free_to_air, countries: body.countries, url: body.url, reception: body.reception, logo: body.logo }
  const result = await updateChannel(c.var.db.sql, c.req.valid('param').id, change, caller(c).id)
  if (!result) throw new ApiError(404, ChannelNotFound)
  if ('refused' in result) refused(c, result)
  return ok(c, msg`The channel was saved.`, result)
})

/** A new channel's reception: the languages given a text. */
function withoutNulls(reception: { ar?: string | null | undefined; en?: string | null | undefined }) {
  return Object.fromEntries(Object.entries(reception).filter(([, text]) => typeof text === 'string')) as { ar?: string; en?: string }
}

const broadcastsRead = deskChannels.get('/matches/:id/broadcasts', matchParams, roleRequired('editor'), async (c) => {
  const broadcasts = await readMatchBroadcasts(c.var.db.sql, c.req.valid('param').id)
  if (!broadcasts) throw new ApiError(404, MatchNotFound)
  return ok(c, msg`OK`, broadcasts)
})

/** Match `id`'s broadcasts, as GET /desk/matches/{id}/broadcasts answers them. */
export const readDeskBroadcasts = deskReader(broadcastsRead, (matchId: number) => `matches/${matchId}/broadcasts`)

deskChannels.put('/matches/:id/broadcasts', broadcastsLimit, matchParams, roleRequired('editor'), jsonBody(BroadcastsBody, { list: true }), async (c) => {
  const list: BroadcastInput[] = c.req.valid('json').map((b) => ({
    channelId: b.channel_id,
    countries: b.countries,
    commentators: b.commentators,
    language: b.language,
  }))
  const repeated = list.findIndex((b, index) => list.findIndex((other) => other.channelId === b.channelId) < index)
  if (repeated >= 0) throw invalidField(c, `${repeated}.channel_id`, msg`This channel is already in the list: give it every country it covers instead.`)
  const result = await replaceMatchBroadcasts(c.var.db.sql, c.req.valid('param').id, list, caller(c).id)
  if ('missingMatch' in result) throw new ApiError(404, MatchNotFound)
  if ('missingChannel' in result) throw invalidField(c, `${result.missingChannel}.channel_id`, ChannelNotFound)
  return ok(c, msg`Where to watch was saved.`, result.broadcasts)
})

// A round at once (decision 119): how editors work on a match day.

const SeasonNotFound = msg`There is no season with this id.`

const seasonParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, SeasonNotFound)
})

const RoundName = v.pipe(v.string('notText' satisfies IssueKey), v.trim(), v.nonEmpty('required' satisfies IssueKey), v.maxLength(100, 'tooLong:100' satisfies IssueKey))

const roundQuery = urlInput('query', v.object({ round: RoundName }), () => {
  throw new ApiError(422, msg`Please choose a round.`)
})

const roundsRead = deskChannels.get('/seasons/:id/rounds', seasonParams, roleRequired('editor'), async (c) => {
  const rounds = await listSeasonRounds(c.var.db.sql, c.req.valid('param').id)
  if (!rounds) throw new ApiError(404, SeasonNotFound)
  return ok(c, msg`OK`, rounds)
})

/** Season `id`'s rounds in the order they are played, as GET /desk/seasons/{id}/rounds answers them. */
export const readDeskRounds = deskReader(roundsRead, (seasonId: number) => `seasons/${seasonId}/rounds`)

const roundBroadcastsRead = deskChannels.get('/seasons/:id/broadcasts', seasonParams, roleRequired('editor'), roundQuery, async (c) =>
  ok(c, msg`OK`, await readRoundBroadcasts(c.var.db.sql, c.req.valid('param').id, c.req.valid('query').round)),
)

/** A round's matches with their broadcasts, as GET /desk/seasons/{id}/broadcasts?round= answers them. */
export const readDeskRoundBroadcasts = deskReader(roundBroadcastsRead, (seasonId: number, round: string) => withQuery(`seasons/${seasonId}/broadcasts`, { round }))

const RoundCopyBody = v.object({
  round: RoundName,
  channel_id: RowRef,
  countries: v.optional(v.nullable(Countries), null),
  language: v.optional(v.nullable(choice(COMMENTARY_LANGUAGE_CODES)), null),
})

deskChannels.post('/seasons/:id/broadcasts', jsonLimit, seasonParams, roleRequired('editor'), jsonBody(RoundCopyBody), async (c) => {
  const body = c.req.valid('json')
  const copy = { seasonId: c.req.valid('param').id, round: body.round, channelId: body.channel_id, countries: body.countries, language: body.language }
  const result = await copyToRound(c.var.db.sql, copy, caller(c).id, MAX_BROADCASTS)
  if ('refused' in result) {
    if (result.refused === 'season_id') throw new ApiError(404, SeasonNotFound)
    throw invalidField(c, result.refused, result.refused === 'round' ? msg`This round has no matches in this season.` : ChannelNotFound)
  }
  if ('full' in result) throw invalidField(c, 'round', msg`A match of this round already has ${MAX_BROADCASTS} broadcasts.`)
  return ok(c, msg`The channel was added to every match of the round.`, result)
})
