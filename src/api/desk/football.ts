// Editors' corrections to the football data (docs/desk-api.md): a club's and a player's
// names and aliases, crest or photo, a player's position and shirt number, and points
// deductions with their reason and source; the lists and searches the desk's screens read.
// Contributors are refused: what the tables say is an editor's call.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { Hono } from 'hono'
import * as v from 'valibot'
import { withQuery } from '../../../lib/links.ts'
import { seasonDeductions } from '../../db/desk-deductions.ts'
import {
  addDeduction,
  correctClub,
  correctPlayer,
  type CorrectionResult,
  readClub,
  readPlayer,
  searchClubs,
  searchPlayers,
} from '../../db/desk-football.ts'
import { createClub, createPlayer, type Refusal } from '../../db/desk-creations.ts'
import { deskReader, type QueryOf } from '../../desk/desk-calls.ts'
import { ApiError, created, invalidField, ok } from '../../http/envelope.ts'
import { IdParams, RowId, urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { choice, Country, type IssueKey, requiredText, RowRef, wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'

export const deskFootball = new Hono<AppEnv>()

const NotFound = msg`This club or player does not exist.`

const rowParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, NotFound)
})

const Names = v.object({ ar: v.optional(requiredText(100)), en: v.optional(requiredText(100)) })
const Aliases = v.pipe(v.array(requiredText(100), 'invalid' satisfies IssueKey), v.maxLength(30, 'tooLong:30' satisfies IssueKey))

// A picture is an https URL or a path on this site (a media library item's, or /assets/…),
// never another scheme: it lands in an <img src> on public pages. A site path is plain path
// characters only: browsers read `/\host` as `//host`, another site.
const SITE_PATH = /^\/(?!\/)[\w\-.~/%]*$/
const PictureSrc = v.pipe(
  requiredText(500),
  v.check((src) => SITE_PATH.test(src) || (src.startsWith('https://') && URL.canParse(src)), 'invalid' satisfies IssueKey),
)
const Picture = v.object({ src: PictureSrc, credit: requiredText(200), licence: requiredText(100) })

const POSITIONS = ['GK', 'DF', 'MF', 'FW'] as const

const ClubBody = v.object({ name: v.optional(Names), short_name: v.optional(Names), aliases: v.optional(Aliases), crest: v.optional(Picture) })

const PlayerBody = v.object({
  name: v.optional(Names),
  aliases: v.optional(Aliases),
  photo: v.optional(Picture),
  position: v.optional(v.nullable(choice(POSITIONS))),
  shirt_number: v.optional(v.nullable(wholeNumber(0, 99))),
})

const BothNames = v.object({ ar: requiredText(100), en: requiredText(100) })

const NewClubBody = v.object({
  name: BothNames,
  short_name: v.optional(BothNames),
  country: Country,
  /** A media library image's id. */
  crest: v.optional(RowRef),
  stadium: v.optional(v.object({ name: BothNames, city: v.optional(BothNames) })),
  aliases: v.optional(Aliases, []),
})

// A day the calendar has (isoDate's pattern takes 30 February), in the last hundred years and
// at least ten years ago: a typo's year is refused, not kept.
const bornInRange = (date: string) => {
  const year = Number(date.slice(0, 4))
  if (new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) return false
  return year >= new Date().getUTCFullYear() - 100 && year <= new Date().getUTCFullYear() - 10
}

const NewPlayerBody = v.object({
  name: BothNames,
  nationality: v.optional(Country),
  position: v.optional(choice(POSITIONS)),
  born: v.optional(v.pipe(v.string('invalid' satisfies IssueKey), v.isoDate('invalid' satisfies IssueKey), v.check(bornInRange, 'invalid' satisfies IssueKey))),
  /** A media library image's id. */
  photo: v.optional(RowRef),
})

const DeductionBody = v.object({
  season_id: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  club_id: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  points: wholeNumber(1, 100),
  reason: v.object({ ar: requiredText(300), en: requiredText(300) }),
  // Every deduction cites where it was decided (football facts cite their source).
  source_url: v.pipe(requiredText(500), v.url('invalid' satisfies IssueKey), v.startsWith('https://', 'invalid' satisfies IssueKey)),
  decided_on: v.optional(v.nullable(v.pipe(v.string('invalid' satisfies IssueKey), v.isoDate('invalid' satisfies IssueKey))), null),
})

function nothingSent(c: Context<AppEnv>, body: Record<string, unknown>, fields: string): void {
  if (Object.values(body).every((value) => value === undefined)) throw invalidField(c, 'body', msg`Please send at least one of ${fields}.`)
}

function corrected<T>(c: Context<AppEnv>, result: CorrectionResult<T>) {
  if ('missing' in result) throw new ApiError(404, NotFound)
  if ('aliasTaken' in result) throw invalidField(c, 'aliases', msg`Another club already goes by one of these names.`)
  return ok(c, msg`The correction was saved.`, result.row)
}

const SearchQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  limit: v.optional(v.pipe(v.string(), v.transform(Number), wholeNumber(1, 200)), '50'),
})
const searchQuery = urlInput('query', SearchQuery, () => {
  throw new ApiError(422, msg`Please correct the fields marked.`)
})

const clubsRead = deskFootball.get('/clubs', roleRequired('editor'), searchQuery, async (c) => {
  const { q, limit } = c.req.valid('query')
  return ok(c, msg`OK`, await searchClubs(c.var.db.sql, q, Number(limit)))
})

/** The clubs `q` finds, as GET /desk/clubs answers them. */
export const readDeskClubs = deskReader(clubsRead, (query: QueryOf<typeof SearchQuery>) => withQuery('clubs', query))

const clubRead = deskFootball.get('/clubs/:id', rowParams, roleRequired('editor'), async (c) => {
  const club = await readClub(c.var.db.sql, c.req.valid('param').id)
  if (!club) throw new ApiError(404, NotFound)
  return ok(c, msg`OK`, club)
})

/** Club `id` with its corrections, as GET /desk/clubs/{id} answers it. */
export const readDeskClub = deskReader(clubRead, (id: number) => `clubs/${id}`)

const playersRead = deskFootball.get('/players', roleRequired('editor'), searchQuery, async (c) => {
  const { q, limit } = c.req.valid('query')
  return ok(c, msg`OK`, await searchPlayers(c.var.db.sql, q, Number(limit)))
})

/** The players `q` finds, as GET /desk/players answers them. */
export const readDeskPlayers = deskReader(playersRead, (query: QueryOf<typeof SearchQuery>) => withQuery('players', query))

const playerRead = deskFootball.get('/players/:id', rowParams, roleRequired('editor'), async (c) => {
  const player = await readPlayer(c.var.db.sql, c.req.valid('param').id)
  if (!player) throw new ApiError(404, NotFound)
  return ok(c, msg`OK`, player)
})

/** Player `id` with their corrections, as GET /desk/players/{id} answers it. */
export const readDeskPlayer = deskReader(playerRead, (id: number) => `players/${id}`)

deskFootball.patch('/clubs/:id', jsonLimit, rowParams, roleRequired('editor'), jsonBody(ClubBody), async (c) => {
  const body = c.req.valid('json')
  nothingSent(c, body, 'name, short_name, aliases or crest')
  const change = { name: body.name, shortName: body.short_name, aliases: body.aliases, crest: body.crest }
  return corrected(c, await correctClub(c.var.db.sql, c.req.valid('param').id, change, caller(c).id))
})

deskFootball.patch('/players/:id', jsonLimit, rowParams, roleRequired('editor'), jsonBody(PlayerBody), async (c) => {
  const body = c.req.valid('json')
  nothingSent(c, body, 'name, aliases, position, shirt_number or photo')
  const change = { name: body.name, aliases: body.aliases, position: body.position, shirtNumber: body.shirt_number, photo: body.photo }
  return corrected(c, await correctPlayer(c.var.db.sql, c.req.valid('param').id, change, caller(c).id))
})

/** A created row, or the field that refused it. */
function createdRow<T>(c: Context<AppEnv>, result: T | Refusal, message: MessageDescriptor) {
  if (typeof result === 'object' && result !== null && 'noImage' in result) {
    throw invalidField(c, result.noImage, msg`There is no image in the media library with this id.`)
  }
  if (typeof result === 'object' && result !== null && 'aliasTaken' in result) {
    throw invalidField(c, 'aliases', msg`Another club already goes by one of these names.`)
  }
  return created(c, message, result as T)
}

deskFootball.post('/clubs', jsonLimit, roleRequired('editor'), jsonBody(NewClubBody), async (c) => {
  const body = c.req.valid('json')
  const club = { name: body.name, shortName: body.short_name, country: body.country, crestMediaId: body.crest, stadium: body.stadium, aliases: body.aliases }
  return createdRow(c, await createClub(c.var.db.sql, club, caller(c).id), msg`The club was created.`)
})

deskFootball.post('/players', jsonLimit, roleRequired('editor'), jsonBody(NewPlayerBody), async (c) => {
  const body = c.req.valid('json')
  const player = { name: body.name, nationality: body.nationality, position: body.position, born: body.born, photoMediaId: body.photo }
  return createdRow(c, await createPlayer(c.var.db.sql, player, caller(c).id), msg`The player was created.`)
})

const NoSeason = msg`There is no season with this id.`
const seasonQuery = urlInput('query', v.object({ season_id: RowId }), () => {
  throw new ApiError(422, msg`Please choose a season.`)
})

const deductionsRead = deskFootball.get('/deductions', roleRequired('editor'), seasonQuery, async (c) => {
  const deductions = await seasonDeductions(c.var.db.sql, c.req.valid('query').season_id)
  if (!deductions) throw new ApiError(404, NoSeason)
  return ok(c, msg`OK`, deductions)
})

/** Season `id`'s deductions, as GET /desk/deductions answers them. */
export const readDeskDeductions = deskReader(deductionsRead, (seasonId: number) => withQuery('deductions', { season_id: seasonId }))

deskFootball.post('/deductions', jsonLimit, roleRequired('editor'), jsonBody(DeductionBody), async (c) => {
  const body = c.req.valid('json')
  const result = await addDeduction(
    c.var.db.sql,
    { seasonId: body.season_id, clubId: body.club_id, points: body.points, reason: body.reason, sourceUrl: body.source_url, decidedOn: body.decided_on },
    caller(c).id,
  )
  if ('noSuch' in result) {
    throw invalidField(c, result.noSuch, result.noSuch === 'season_id' ? NoSeason : msg`This club has no match in that season.`)
  }
  return created(c, msg`The deduction was recorded.`, result)
})
