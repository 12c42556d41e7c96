// The desk's football corrections (editors): clubs and players corrected (their lists and
// new ones are src/routes/desk/seasons.tsx's), a club merged into another, points deductions, and the conflicts imports met on corrected
// fields. Reads and writes go through the desk API (docs/desk-api.md, football calls).
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import { href, withQuery } from '../../../lib/links.ts'
import { previewDeskMerge } from '../../api/desk/club-merge.ts'
import { readDeskConflicts } from '../../api/desk/conflicts.ts'
import { readDeskClub, readDeskClubs, readDeskDeductions, readDeskPlayer } from '../../api/desk/football.ts'
import { readDeskSeasonClubs, readDeskSeasons } from '../../api/desk/seasons.ts'
import { fail, type FormFailure, invalidForm, readTextFields, succeed, unreadableForm } from '../../http/form-answers.ts'
import { ClubEditor, deskName, MergeReview } from '../../components/desk/football-clubs.tsx'
import { ConflictList } from '../../components/desk/football-conflicts.tsx'
import { DeductionsPage } from '../../components/desk/football-deductions.tsx'
import type { Refused } from '../../components/desk/football-parts.tsx'
import { PlayerEditor } from '../../components/desk/football-players.tsx'
import type { Picture } from '../../db/desk-football.ts'
import { callDeskApi, deskAnswer } from '../../desk/desk-calls.ts'
import { numberOrText, searchText } from '../../desk/screen-params.ts'
import { formLimit } from '../../http/forms.ts'
import { IdParams, parseId, RowId, urlInput } from '../../http/params.ts'
import { deskRole } from '../../middleware/guards.ts'
import type { AppEnv } from '../../types.ts'
import type { LocalizedText } from '../../../lib/localized.ts'

export const deskFootballScreens = new Hono<AppEnv>()

for (const area of ['clubs', 'players', 'deductions', 'conflicts']) {
  deskFootballScreens.use(`/desk/${area}`, deskRole('editor'))
  deskFootballScreens.use(`/desk/${area}/*`, deskRole('editor'))
}

/** The API's errors on `aliases.3` belong to the form's one aliases box. */
const ALIAS_FIELDS = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [['aliases', i].join('.'), 'aliases']))

/**
 * The languages whose posted name differs from the stored one: only those become
 * corrections. A field the form did not send is left as it is.
 */
function changedNames(values: Record<string, string | undefined>, prefix: 'name' | 'short_name', stored: LocalizedText): LocalizedText | undefined {
  const changed: LocalizedText = {}
  for (const lang of ['ar', 'en'] as const) {
    const posted = values[`${prefix}.${lang}`]?.trim()
    if (posted !== undefined && posted !== (stored[lang] ?? '').trim()) changed[lang] = posted
  }
  return Object.keys(changed).length > 0 ? changed : undefined
}

/** New aliases, one a line, less those already known. */
function newAliases(text: string, known: string[]): string[] | undefined {
  const have = new Set(known.map((alias) => alias.toLowerCase()))
  const lines = [...new Set(text.split('\n').map((line) => line.trim()))].filter((line) => line !== '' && !have.has(line.toLowerCase()))
  return lines.length > 0 ? lines : undefined
}

/** The crest or photo when any of its three fields changed; all three go, so the API checks them together. */
function changedPicture(values: Record<string, string | undefined>, prefix: 'crest' | 'photo', stored: Picture | null): Picture | undefined {
  const parts = ['src', 'credit', 'licence'] as const
  const sent = (part: (typeof parts)[number]) => values[[prefix, part].join('.')]
  if (parts.every((part) => sent(part) === undefined)) return undefined
  const posted = { src: sent('src') ?? '', credit: sent('credit') ?? '', licence: sent('licence') ?? '' }
  const same = parts.every((part) => posted[part].trim() === (stored?.[part] ?? ''))
  return same ? undefined : posted
}

const withoutUndefined = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined))

/**
 * A correction form: the posted fields, the body `build` makes of what changed against the row
 * as `read` finds it stored, and the PATCH to that same row: clubs and players are corrected
 * alike. Nothing changed → back with a note; refused → the screen again with the API's errors.
 */
async function correctionForm<T>(
  c: Context<AppEnv>,
  area: 'clubs' | 'players',
  id: number,
  read: (c: Context<AppEnv>, id: number) => Promise<T>,
  fields: readonly string[],
  /** `values` holds the fields the form sent, each once, as text. */
  build: (values: Record<string, string | undefined>, stored: T) => Record<string, unknown>,
  to: string,
  show: (refused: Refused) => Promise<Response>,
): Promise<Response> {
  const path = `${area}/${id}`
  const posted = await readTextFields(c, fields)
  const values: Record<string, string> = posted?.values ?? {}
  const again = (failure: FormFailure) => show({ failure, values })
  if (!posted) return fail(c, unreadableForm(c), again)
  if (Object.keys(posted.errors).length > 0) return fail(c, invalidForm(c, posted.errors as Record<string, string>), again)
  const sent = Object.fromEntries(fields.filter((name) => posted.form[name] !== undefined).map((name) => [name, values[name]]))
  const body = withoutUndefined(build(sent, await read(c, id)))
  if (Object.keys(body).length === 0) return succeed(c, to, { type: 'info', key: 'deskNothingChanged' }, c.var.i18n._(msg`Nothing was changed.`))
  return deskAnswer(c, await callDeskApi(c, 'PATCH', path, body), { to, flash: { type: 'success', key: 'deskSaved' }, show: again }, ALIAS_FIELDS)
}

// Clubs.

interface ClubScreen {
  refused?: Refused
  /** Why a merge was refused, shown in the merge section. */
  mergeError?: string
}

async function clubPage(c: Context<AppEnv>, id: number, screen: ClubScreen = {}): Promise<Response> {
  const club = await readDeskClub(c, id)
  const q = searchText(c, 'merge')
  const found = q ? await readDeskClubs(c, { q, limit: 20 }) : []
  const name = deskName(club.name, c.var.lang)
  return c.render(<ClubEditor club={club} refused={screen.refused} merge={{ q, found, error: screen.mergeError }} />, {
    title: c.var.i18n._(msg`Club: ${name}`),
    heading: <bdi>{name}</bdi>,
    status: screen.refused?.failure.status ?? (screen.mergeError ? 409 : undefined),
  })
}

/** A club's, player's or conflict's id: anything but a row id names none. */
const rowParams = urlInput('param', IdParams)

deskFootballScreens.get('/desk/clubs/:id', rowParams, (c) => clubPage(c, c.req.valid('param').id))

type ClubField = 'name.ar' | 'name.en' | 'short_name.ar' | 'short_name.en' | 'aliases' | 'crest.src' | 'crest.credit' | 'crest.licence'
const CLUB_FIELDS: readonly ClubField[] = ['name.ar', 'name.en', 'short_name.ar', 'short_name.en', 'aliases', 'crest.src', 'crest.credit', 'crest.licence']

deskFootballScreens.post('/desk/clubs/:id/save', rowParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  return correctionForm(
    c,
    'clubs',
    id,
    readDeskClub,
    CLUB_FIELDS,
    (values, club) => ({
      name: changedNames(values, 'name', club.name),
      short_name: changedNames(values, 'short_name', club.shortName),
      aliases: newAliases(values.aliases ?? '', club.aliases),
      crest: changedPicture(values, 'crest', club.crest),
    }),
    href(c.var.lang, 'deskClub', { id }),
    (refused) => clubPage(c, id, { refused }),
  )
})

// A merge asked of no club to merge into goes back to the club.
const intoQuery = urlInput('query', v.object({ into: RowId }), (c) => c.redirect(href(c.var.lang, 'deskClub', { id: c.req.param('id') ?? '' }), 303))

/** What a merge would move, to confirm; a merge the API refuses shows on the club's page. */
deskFootballScreens.get('/desk/clubs/:id/merge', rowParams, intoQuery, async (c) => {
  const { id } = c.req.valid('param')
  const answer = await previewDeskMerge(c, id, c.req.valid('query').into)
  if (answer.status !== 200 || !answer.body.data) {
    if (answer.status === 404) throw new HTTPException(404)
    return clubPage(c, id, { mergeError: answer.body.errors?.into ?? answer.body.message })
  }
  const summary = answer.body.data
  const from = deskName(summary.from.name, c.var.lang)
  return c.render(<MergeReview summary={summary} />, { title: c.var.i18n._(msg`Merge ${from}`), heading: <bdi>{c.var.i18n._(msg`Merge ${from}`)}</bdi> })
})

deskFootballScreens.post('/desk/clubs/:id/merge', rowParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const posted = await readTextFields(c, ['into'])
  const into = posted?.values.into ?? ''
  const show = (failure: FormFailure) => clubPage(c, id, { mergeError: failure.errors.into ?? failure.message })
  if (!posted) return fail(c, unreadableForm(c), show)
  const answer = await callDeskApi(c, 'POST', `clubs/${id}/merge`, { into: numberOrText(into) })
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskClub', { id: into }), flash: { type: 'success', key: 'deskClubsMerged' }, show })
})

// Players.

async function playerPage(c: Context<AppEnv>, id: number, refused?: Refused): Promise<Response> {
  const player = await readDeskPlayer(c, id)
  const name = deskName(player.name, c.var.lang)
  return c.render(<PlayerEditor player={player} refused={refused} />, {
    title: c.var.i18n._(msg`Player: ${name}`),
    heading: <bdi>{name}</bdi>,
    status: refused?.failure.status,
  })
}

deskFootballScreens.get('/desk/players/:id', rowParams, (c) => playerPage(c, c.req.valid('param').id))

type PlayerField = 'name.ar' | 'name.en' | 'aliases' | 'position' | 'shirt_number' | 'photo.src' | 'photo.credit' | 'photo.licence'
const PLAYER_FIELDS: readonly PlayerField[] = ['name.ar', 'name.en', 'aliases', 'position', 'shirt_number', 'photo.src', 'photo.credit', 'photo.licence']

deskFootballScreens.post('/desk/players/:id/save', rowParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  return correctionForm(
    c,
    'players',
    id,
    readDeskPlayer,
    PLAYER_FIELDS,
    (values, player) => {
      const position = values.position
      const shirt = values.shirt_number?.trim()
      return {
        name: changedNames(values, 'name', player.name),
        aliases: newAliases(values.aliases ?? '', player.aliases),
        position: position === undefined || position === (player.position ?? '') ? undefined : position || null,
        shirt_number: shirt === undefined || shirt === String(player.shirtNumber ?? '') ? undefined : shirt === '' ? null : numberOrText(shirt),
        photo: changedPicture(values, 'photo', player.photo),
      }
    },
    href(c.var.lang, 'deskPlayer', { id }),
    (refused) => playerPage(c, id, refused),
  )
})

// Points deductions.

async function deductionsPage(c: Context<AppEnv>, seasonId: number | null, refused?: Refused): Promise<Response> {
  const seasons = await readDeskSeasons(c)
  const season = seasons.find((s) => Number(s.id) === seasonId) ?? seasons[0]
  const [clubs, deductions] = season
    ? await Promise.all([readDeskSeasonClubs(c, Number(season.id)), readDeskDeductions(c, Number(season.id))])
    : [[], []]
  return c.render(<DeductionsPage seasons={seasons} season={season} clubs={clubs} deductions={deductions} refused={refused} />, {
    title: c.var.i18n._(msg`Points deductions`),
    status: refused?.failure.status,
  })
}

deskFootballScreens.get('/desk/deductions', (c) => deductionsPage(c, parseId(c.req.query(SEASON) ?? '')))

type DeductionField = 'season_id' | 'club_id' | 'points' | 'reason.ar' | 'reason.en' | 'source_url' | 'decided_on'
const DEDUCTION_FIELDS: readonly DeductionField[] = ['season_id', 'club_id', 'points', 'reason.ar', 'reason.en', 'source_url', 'decided_on']
const SEASON: DeductionField = 'season_id'

deskFootballScreens.post('/desk/deductions', formLimit, async (c) => {
  const posted = await readTextFields(c, DEDUCTION_FIELDS)
  const values: Record<string, string> = posted?.values ?? {}
  const seasonId = parseId(values.season_id ?? '')
  const show = (failure: FormFailure) => deductionsPage(c, seasonId, { failure, values })
  if (!posted) return fail(c, unreadableForm(c), show)
  if (Object.keys(posted.errors).length > 0) return fail(c, invalidForm(c, posted.errors as Record<string, string>), show)
  const answer = await callDeskApi(c, 'POST', 'deductions', {
    season_id: numberOrText(values.season_id ?? ''),
    club_id: numberOrText(values.club_id ?? ''),
    points: numberOrText(values.points ?? ''),
    reason: { ar: values['reason.ar'], en: values['reason.en'] },
    source_url: values.source_url,
    decided_on: values.decided_on || null,
  })
  return deskAnswer(c, answer, {
    to: withQuery(href(c.var.lang, 'deskDeductions'), { season_id: seasonId ?? undefined }),
    flash: { type: 'success', key: 'deskDeductionRecorded' },
    show,
  })
})

// Import conflicts.

async function conflictsPage(c: Context<AppEnv>, failure?: FormFailure): Promise<Response> {
  const conflicts = await readDeskConflicts(c, { limit: 200 })
  return c.render(<ConflictList conflicts={conflicts} error={failure?.message} />, { title: c.var.i18n._(msg`Import conflicts`), status: failure?.status })
}

deskFootballScreens.get('/desk/conflicts', (c) => conflictsPage(c))

deskFootballScreens.post('/desk/conflicts/:id/resolve', rowParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const posted = await readTextFields(c, ['keep'])
  const show = (failure: FormFailure) => conflictsPage(c, failure)
  if (!posted) return fail(c, unreadableForm(c), show)
  const answer = await callDeskApi(c, 'POST', `conflicts/${id}/resolve`, { keep: posted.values.keep })
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskConflicts'), flash: { type: 'success', key: 'deskConflictSettled' }, show })
})
