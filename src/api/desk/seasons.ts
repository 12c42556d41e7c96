// A competition's seasons at the desk (issue 34; docs/desk-api.md, "Seasons and squads"): a
// new season, the clubs that play it, and each club's squad in it, which the live desk's team
// sheets then offer. Editors only, as all football data (decision 080).
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { listSeasons } from '../../db/desk-deductions.ts'
import { createSeason, readSquad, seasonClubs, setSeasonClubs, setSquad } from '../../db/desk-seasons.ts'
import { deskReader } from '../../desk/desk-calls.ts'
import { ApiError, created, invalidField, ok } from '../../http/envelope.ts'
import { IdParams, RowId, urlInput } from '../../http/params.ts'
import type { AppEnv } from '../../types.ts'
import { type IssueKey, isSeasonLabel, RowRef, wholeNumber } from '../../validation/fields.ts'
import { caller, roleRequired } from '../guards.ts'
import { jsonBody, jsonLimit } from '../input.ts'
import { CompetitionId } from './competition-order.ts'

export const deskSeasons = new Hono<AppEnv>()

const NoSeason = msg`There is no season with this id.`
const NotInSeason = msg`This club does not play in this season.`

const seasonParams = urlInput('param', IdParams, () => {
  throw new ApiError(404, NoSeason)
})
const squadParams = urlInput('param', v.object({ id: RowId, clubId: RowId }), () => {
  throw new ApiError(404, NotInSeason)
})

const SeasonBody = v.object({
  competition_id: CompetitionId,
  label: v.pipe(v.string('notText' satisfies IssueKey), v.trim(), v.check(isSeasonLabel, 'seasonLabel' satisfies IssueKey)),
})

/** The most clubs a season's list takes: more than any league or group stage has. */
export const MAX_SEASON_CLUBS = 64
/** The most players a squad takes: a season's registrations, with room for the window. */
export const MAX_SQUAD = 60

const ClubsBody = v.pipe(v.array(RowRef, 'list' satisfies IssueKey), v.maxLength(MAX_SEASON_CLUBS, `tooMany:${MAX_SEASON_CLUBS}` satisfies IssueKey))

const SquadBody = v.pipe(
  v.array(v.object({ player_id: RowRef, shirt_number: v.optional(v.nullable(wholeNumber(1, 99)), null) }), 'list' satisfies IssueKey),
  v.maxLength(MAX_SQUAD, `tooMany:${MAX_SQUAD}` satisfies IssueKey),
)

const seasonsRead = deskSeasons.get('/seasons', roleRequired('editor'), async (c) => ok(c, msg`OK`, await listSeasons(c.var.db.sql)))

/** Every season, as GET /desk/seasons answers them. */
export const readDeskSeasons = deskReader(seasonsRead, () => 'seasons')

deskSeasons.post('/seasons', jsonLimit, roleRequired('editor'), jsonBody(SeasonBody), async (c) => {
  const { competition_id: competitionId, label } = c.req.valid('json')
  const result = await createSeason(c.var.db.sql, competitionId, label, caller(c).id)
  if ('noSuch' in result) throw invalidField(c, 'competition_id', msg`There is no competition with this id.`)
  if ('taken' in result) throw invalidField(c, 'label', msg`This competition already has a season with this label.`)
  return created(c, msg`The season was created.`, result)
})

const seasonClubsRead = deskSeasons.get('/seasons/:id/clubs', seasonParams, roleRequired('editor'), async (c) => {
  const clubs = await seasonClubs(c.var.db.sql, c.req.valid('param').id)
  if (!clubs) throw new ApiError(404, NoSeason)
  return ok(c, msg`OK`, clubs)
})

/** The clubs of season `id`, as GET /desk/seasons/{id}/clubs answers them. */
export const readDeskSeasonClubs = deskReader(seasonClubsRead, (id: number) => `seasons/${id}/clubs`)

deskSeasons.put('/seasons/:id/clubs', jsonLimit, seasonParams, roleRequired('editor'), jsonBody(ClubsBody, { list: true }), async (c) => {
  const ids = c.req.valid('json')
  const repeated = ids.findIndex((id, index) => ids.indexOf(id) < index)
  if (repeated >= 0) throw invalidField(c, String(repeated), msg`This club is already in the list.`)
  const result = await setSeasonClubs(c.var.db.sql, c.req.valid('param').id, ids, caller(c).id)
  if ('missing' in result) throw new ApiError(404, NoSeason)
  if ('unknown' in result) throw invalidField(c, String(result.unknown), msg`There is no club with this id.`)
  if ('playing' in result) throw invalidField(c, 'body', msg`A club with a match in this season stays in it: keep every such club in the list.`)
  return ok(c, msg`The season's clubs were saved.`, result.clubs)
})

const squadRead = deskSeasons.get('/seasons/:id/clubs/:clubId/squad', squadParams, roleRequired('editor'), async (c) => {
  const { id, clubId } = c.req.valid('param')
  const squad = await readSquad(c.var.db.sql, id, clubId)
  if (!squad) throw new ApiError(404, NotInSeason)
  return ok(c, msg`OK`, squad)
})

/** Club `clubId`'s squad in season `seasonId`, as GET /desk/seasons/{id}/clubs/{clubId}/squad answers it. */
export const readDeskSquad = deskReader(squadRead, (seasonId: number, clubId: number) => `seasons/${seasonId}/clubs/${clubId}/squad`)

deskSeasons.put('/seasons/:id/clubs/:clubId/squad', jsonLimit, squadParams, roleRequired('editor'), jsonBody(SquadBody, { list: true }), async (c) => {
  const entries = c.req.valid('json').map((entry) => ({ playerId: entry.player_id, shirtNumber: entry.shirt_number }))
  const repeated = entries.findIndex((entry, index) => entries.findIndex((other) => other.playerId === entry.playerId) < index)
  if (repeated >= 0) throw invalidField(c, `${repeated}.player_id`, msg`This player is already in the squad.`)
  const shared = entries.findIndex((entry, index) => entry.shirtNumber !== null && entries.findIndex((other) => other.shirtNumber === entry.shirtNumber) < index)
  if (shared >= 0) throw invalidField(c, `${shared}.shirt_number`, msg`Another player of the squad wears this number.`)
  const { id, clubId } = c.req.valid('param')
  const result = await setSquad(c.var.db.sql, id, clubId, entries, caller(c).id)
  if ('missing' in result) throw new ApiError(404, NotInSeason)
  if ('unknown' in result) throw invalidField(c, `${result.unknown}.player_id`, msg`There is no player with this id.`)
  if ('elsewhere' in result) throw invalidField(c, `${result.elsewhere}.player_id`, msg`This player is in another club's squad this season: take him out of it first.`)
  return ok(c, msg`The squad was saved.`, result.squad)
})
