// The desk's screens for football no source carries (issue 34): a new club or player, a
// competition's new season, the clubs that play it and each club's squad. Reads and writes go
// through the desk API (docs/desk-api.md, "Seasons and squads"), as every desk screen does.
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { Hono } from 'hono'
import * as v from 'valibot'
import { href } from '../../../lib/links.ts'
import { readDeskCompetitionOrder } from '../../api/desk/competition-order.ts'
import { readDeskClubs, readDeskPlayers } from '../../api/desk/football.ts'
import { readDeskSeasonClubs, readDeskSeasons, readDeskSquad } from '../../api/desk/seasons.ts'
import { ClubList, deskName } from '../../components/desk/football-clubs.tsx'
import { NewClubForm, NewPlayerForm, type PairPrefix } from '../../components/desk/football-new.tsx'
import type { Refused } from '../../components/desk/football-parts.tsx'
import { PlayerList } from '../../components/desk/football-players.tsx'
import { SeasonEditor, SeasonList, seasonName, SquadEditor } from '../../components/desk/football-seasons.tsx'
import { callDeskApi, deskAnswer } from '../../desk/desk-calls.ts'
import { numberOrText, searchText } from '../../desk/screen-params.ts'
import { fail, type FormFailure, invalidForm, readTextFields, unreadableForm } from '../../http/form-answers.ts'
import { formLimit, readForm } from '../../http/forms.ts'
import { IdParams, RowId, urlInput } from '../../http/params.ts'
import { deskRole } from '../../middleware/guards.ts'
import type { AppEnv } from '../../types.ts'

export const deskSeasonScreens = new Hono<AppEnv>()

deskSeasonScreens.use('/desk/seasons', deskRole('editor'))
deskSeasonScreens.use('/desk/seasons/*', deskRole('editor'))

/** A bilingual pair from `prefix.ar` and `prefix.en`; left out when both are blank, so an optional one stays unsent. */
function pair(values: Record<string, string>, prefix: PairPrefix): { ar: string; en: string } | undefined {
  const [ar, en] = [values[`${prefix}.ar`] ?? '', values[`${prefix}.en`] ?? '']
  return ar.trim() === '' && en.trim() === '' ? undefined : { ar, en }
}

/** One text a line, blank lines dropped. */
const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean)

/** An optional field: absent when blank, as the API reads a missing one. */
const filled = (value: string | undefined) => (value?.trim() ? value : undefined)

/**
 * A creation form: its fields posted to the API as `body` builds them; done → the new row's
 * desk page, refused → `show` again with the API's errors on the fields.
 */
async function creationForm(
  c: Context<AppEnv>,
  fields: readonly string[],
  call: { path: string; body: (values: Record<string, string>) => unknown; to: (id: string) => string },
  show: (refused: Refused) => Promise<Response>,
  fieldOf: Record<string, string> = {},
): Promise<Response> {
  const posted = await readTextFields(c, fields)
  const values: Record<string, string> = posted?.values ?? {}
  const again = (failure: FormFailure) => show({ failure, values })
  if (!posted) return fail(c, unreadableForm(c), again)
  if (Object.keys(posted.errors).length > 0) return fail(c, invalidForm(c, posted.errors as Record<string, string>), again)
  const answer = await callDeskApi<{ id: string }>(c, 'POST', call.path, call.body(values))
  const to = call.to(answer.body.data?.id ?? '')
  return deskAnswer(c, answer, { to, flash: { type: 'success', key: 'deskCreated' }, show: again }, fieldOf)
}

// A new club, on the clubs screen.

async function clubsPage(c: Context<AppEnv>, refused?: Refused): Promise<Response> {
  const q = searchText(c, 'q')
  const clubs = await readDeskClubs(c, { q, limit: 50 })
  return c.render(<ClubList clubs={clubs} q={q} newClub={<NewClubForm refused={refused} />} />, {
    title: c.var.i18n._(msg`Clubs`),
    status: refused?.failure.status,
  })
}

deskSeasonScreens.get('/desk/clubs', (c) => clubsPage(c))

type ClubField = `${PairPrefix}.${'ar' | 'en'}` | 'country' | 'aliases' | 'crest'
const CLUB_FIELDS: readonly ClubField[] = ['name.ar', 'name.en', 'short_name.ar', 'short_name.en', 'country', 'stadium.name.ar', 'stadium.name.en', 'stadium.city.ar', 'stadium.city.en', 'aliases', 'crest']
/** The API's errors on `aliases.3` belong to the form's one aliases box. */
const ALIAS_FIELDS = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [['aliases', i].join('.'), 'aliases']))

deskSeasonScreens.post('/desk/clubs/new', formLimit, (c) =>
  creationForm(
    c,
    CLUB_FIELDS,
    {
      path: 'clubs',
      body: (values) => {
        const stadium = pair(values, 'stadium.name')
        const city = pair(values, 'stadium.city')
        return {
          name: { ar: values['name.ar'], en: values['name.en'] },
          short_name: pair(values, 'short_name'),
          country: values.country,
          stadium: stadium || city ? { name: stadium ?? { ar: '', en: '' }, city } : undefined,
          aliases: lines(values.aliases ?? ''),
          crest: filled(values.crest) && numberOrText(values.crest ?? ''),
        }
      },
      to: (id) => href(c.var.lang, 'deskClub', { id }),
    },
    (refused) => clubsPage(c, refused),
    ALIAS_FIELDS,
  ),
)

// A new player, on the players screen.

async function playersPage(c: Context<AppEnv>, refused?: Refused): Promise<Response> {
  const q = searchText(c, 'q')
  const players = await readDeskPlayers(c, { q, limit: 50 })
  return c.render(<PlayerList players={players} q={q} newPlayer={<NewPlayerForm refused={refused} />} />, {
    title: c.var.i18n._(msg`Players`),
    status: refused?.failure.status,
  })
}

deskSeasonScreens.get('/desk/players', (c) => playersPage(c))

type PlayerField = 'name.ar' | 'name.en' | 'nationality' | 'position' | 'born' | 'photo'
const PLAYER_FIELDS: readonly PlayerField[] = ['name.ar', 'name.en', 'nationality', 'position', 'born', 'photo']

deskSeasonScreens.post('/desk/players/new', formLimit, (c) =>
  creationForm(
    c,
    PLAYER_FIELDS,
    {
      path: 'players',
      body: (values) => ({
        name: { ar: values['name.ar'], en: values['name.en'] },
        nationality: filled(values.nationality),
        position: filled(values.position),
        born: filled(values.born),
        photo: filled(values.photo) && numberOrText(values.photo ?? ''),
      }),
      to: (id) => href(c.var.lang, 'deskPlayer', { id }),
    },
    (refused) => playersPage(c, refused),
  ),
)

// Seasons.

async function seasonsPage(c: Context<AppEnv>, refused?: Refused): Promise<Response> {
  const [seasons, competitions] = await Promise.all([readDeskSeasons(c), readDeskCompetitionOrder(c)])
  return c.render(<SeasonList seasons={seasons} competitions={competitions} refused={refused} />, {
    title: c.var.i18n._(msg`Seasons`),
    status: refused?.failure.status,
  })
}

deskSeasonScreens.get('/desk/seasons', (c) => seasonsPage(c))

type SeasonField = 'competition_id' | 'label'
const SEASON_FIELDS: readonly SeasonField[] = ['competition_id', 'label']

deskSeasonScreens.post('/desk/seasons', formLimit, (c) =>
  creationForm(
    c,
    SEASON_FIELDS,
    { path: 'seasons', body: (values) => ({ competition_id: values.competition_id, label: values.label }), to: (id) => href(c.var.lang, 'deskSeason', { id }) },
    (refused) => seasonsPage(c, refused),
  ),
)

const seasonParams = urlInput('param', IdParams)

async function findSeason(c: Context<AppEnv>, id: number) {
  const season = (await readDeskSeasons(c)).find((s) => Number(s.id) === id)
  if (!season) return c.notFound()
  return season
}

/** A list form's search: the page's own, or the one the refused form was posted from (its hidden `q`). */
const listSearch = (c: Context<AppEnv>, refused: Refused | undefined) => (refused ? (refused.values.q ?? '').trim().slice(0, 100) : searchText(c, 'q'))

async function seasonPage(c: Context<AppEnv>, id: number, refused?: Refused): Promise<Response> {
  const season = await findSeason(c, id)
  if (season instanceof Response) return season
  const q = listSearch(c, refused)
  const [clubs, found] = await Promise.all([readDeskSeasonClubs(c, id), q ? readDeskClubs(c, { q, limit: 30 }) : []])
  const name = seasonName(season, c.var.lang)
  return c.render(<SeasonEditor season={season} clubs={clubs} q={q} found={found} refused={refused} />, {
    title: name,
    heading: <bdi>{name}</bdi>,
    status: refused?.failure.status,
  })
}

deskSeasonScreens.get('/desk/seasons/:id', seasonParams, (c) => seasonPage(c, c.req.valid('param').id))

/** The ids of the rows whose `prefix.{id}` box was ticked, in the order the form sent them. */
function ticked(form: Record<string, unknown>, prefix: 'club' | 'player'): string[] {
  return Object.entries(form).flatMap(([name, value]) => {
    const [kind, id = ''] = name.split('.')
    return kind === prefix && /^\d{1,16}$/.test(id) && value === 'on' ? [id] : []
  })
}

/** What a list form posted, as text, for the screen again after a refusal. */
const postedText = (form: Record<string, unknown>) => Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))

deskSeasonScreens.post('/desk/seasons/:id', seasonParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const form = await readForm(c)
  const show = (failure: FormFailure) => seasonPage(c, id, { failure, values: form ? postedText(form) : {} })
  if (!form) return fail(c, unreadableForm(c), show)
  const answer = await callDeskApi(c, 'PUT', `seasons/${id}/clubs`, ticked(form, 'club').map(Number))
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskSeason', { id }), flash: { type: 'success', key: 'deskSaved' }, show })
})

// A club's squad in a season.

/** A squad form's field for a player: `player.{id}` (in the squad) or `shirt.{id}`. */
const formField = (kind: 'player' | 'shirt', player: string) => [kind, player].join('.')
/** The API's name for a squad entry's field: `{index}.shirt_number`. */
const apiField = (index: number, field: 'player_id' | 'shirt_number') => [index, field].join('.')

const squadParams = urlInput('param', v.object({ id: RowId, club: RowId }))

async function squadPage(c: Context<AppEnv>, id: number, clubId: number, refused?: Refused): Promise<Response> {
  const season = await findSeason(c, id)
  if (season instanceof Response) return season
  const q = listSearch(c, refused)
  const [clubs, squad, found] = await Promise.all([readDeskSeasonClubs(c, id), readDeskSquad(c, id, clubId), q ? readDeskPlayers(c, { q, limit: 30 }) : []])
  const club = clubs.find((each) => Number(each.id) === clubId)
  if (!club) return c.notFound()
  const title = c.var.i18n._(msg`Squad of ${deskName(club.name, c.var.lang)}`)
  return c.render(<SquadEditor season={season} club={club} squad={squad} q={q} found={found} refused={refused} />, {
    title,
    heading: <bdi>{title}</bdi>,
    status: refused?.failure.status,
  })
}

deskSeasonScreens.get('/desk/seasons/:id/clubs/:club/squad', squadParams, (c) => squadPage(c, c.req.valid('param').id, c.req.valid('param').club))

deskSeasonScreens.post('/desk/seasons/:id/clubs/:club/squad', squadParams, formLimit, async (c) => {
  const { id, club } = c.req.valid('param')
  const form = await readForm(c)
  const show = (failure: FormFailure) => squadPage(c, id, club, { failure, values: form ? postedText(form) : {} })
  if (!form) return fail(c, unreadableForm(c), show)
  const players = ticked(form, 'player')
  const shirt = (player: string) => {
    const value = form[formField('shirt', player)]
    return typeof value === 'string' ? value.trim() : ''
  }
  const body = players.map((player) => ({ player_id: player, shirt_number: shirt(player) === '' ? null : numberOrText(shirt(player)) }))
  // The API names a row by its place in the list (`3.shirt_number`); the form by its player.
  const fieldOf = Object.fromEntries(
    players.flatMap((player, index) => [
      [apiField(index, 'shirt_number'), formField('shirt', player)],
      [apiField(index, 'player_id'), formField('player', player)],
    ]),
  )
  const answer = await callDeskApi(c, 'PUT', `seasons/${id}/clubs/${club}/squad`, body)
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskSquad', { id, club }), flash: { type: 'success', key: 'deskSaved' }, show }, fieldOf)
})
