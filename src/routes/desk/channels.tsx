// Where to watch at the desk (issue 26, editors): the channels, a match's broadcasts, and a
// round's, where one channel goes on every match at once. Reads and writes go through the
// desk API (docs/desk-api.md, channels and where to watch), so its checks and audit hold.
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import { ARAB_LEAGUE_CODES, type CountryCode } from '../../../lib/countries.ts'
import { href } from '../../../lib/links.ts'
import {
  readDeskBroadcasts,
  readDeskChannel,
  readDeskChannels,
  readDeskRoundBroadcasts,
  readDeskRounds,
} from '../../api/desk/channels.ts'
import { readDeskSeasons } from '../../api/desk/seasons.ts'
import { readDeskMatch } from '../../api/desk/matches.ts'
import { formRows, MatchBroadcastsHeading, MatchBroadcastsPage, RoundBroadcastsPage } from '../../components/desk/broadcasts.tsx'
import { ChannelEditor, ChannelList } from '../../components/desk/channels.tsx'
import { deskName } from '../../components/desk/football-clubs.tsx'
import type { Refused } from '../../components/desk/football-parts.tsx'
import type { Round } from '../../db/channels.ts'
import { callDeskApi, deskAnswer } from '../../desk/desk-calls.ts'
import { searchText } from '../../desk/screen-params.ts'
import { fail, type FormFailure, invalidForm, readTextFields, unreadableForm } from '../../http/form-answers.ts'
import { formLimit } from '../../http/forms.ts'
import { IdParams, parseId, urlInput } from '../../http/params.ts'
import { deskRole } from '../../middleware/guards.ts'
import type { AppEnv } from '../../types.ts'
import { issueText } from '../../validation/fields.ts'
import { numberOrText } from '../../desk/screen-params.ts'

export const deskChannelScreens = new Hono<AppEnv>()

for (const path of ['/desk/channels', '/desk/channels/*', '/desk/rounds', '/desk/rounds/*', '/desk/matches/:id/broadcasts']) {
  deskChannelScreens.use(path, deskRole('editor'))
}

/** A channel's or a match's id: anything but a row id names none. */
const rowParams = urlInput('param', IdParams)

/** Codes as typed: separated by spaces or commas, either language's. */
const typedCodes = (text: string): string[] => text.split(/[\s,،]+/).filter((code) => code !== '')

/** Every channel, for a form's choice: more than the desk will ever keep. */
const allChannels = (c: Context<AppEnv>) => readDeskChannels(c, { limit: 500 })

// Channels.

deskChannelScreens.get('/desk/channels', async (c) => {
  const q = searchText(c, 'q')
  return c.render(<ChannelList channels={await readDeskChannels(c, { q, limit: 500 })} q={q} />, { title: c.var.i18n._(msg`Channels`) })
})

async function channelPage(c: Context<AppEnv>, id: number | undefined, refused?: Refused): Promise<Response> {
  const channel = id === undefined ? undefined : await readDeskChannel(c, id)
  const name = channel ? deskName(channel.name, c.var.lang) : ''
  return c.render(<ChannelEditor channel={channel} refused={refused} />, {
    title: channel ? c.var.i18n._(msg`Channel: ${name}`) : c.var.i18n._(msg`New channel`),
    heading: channel ? <bdi>{name}</bdi> : undefined,
    status: refused?.failure.status,
  })
}

type ChannelField = 'name.ar' | 'name.en' | 'free_to_air' | 'countries.other' | 'reception.ar' | 'reception.en' | 'url' | 'logo' | `country.${CountryCode}`
const CHANNEL_FIELDS: readonly ChannelField[] = [
  'name.ar',
  'name.en',
  'free_to_air',
  'countries.other',
  'reception.ar',
  'reception.en',
  'url',
  'logo',
  ...ARAB_LEAGUE_CODES.map((code) => ['country', code].join('.') as ChannelField),
]

/** The API's errors on `countries.7` belong to the form's one countries box. */
const COUNTRY_FIELDS = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [['countries', i].join('.'), 'countries']))

/** The whole channel as the form holds it: the API saves only what changed. */
function channelBody(values: Record<ChannelField, string>) {
  const orNull = (text: string) => (text.trim() === '' ? null : text)
  const free = { yes: true, no: false }[values.free_to_air]
  return {
    name: { ar: values['name.ar'], en: values['name.en'] },
    // Neither box ticked: the API asks for a choice.
    free_to_air: free ?? values.free_to_air,
    countries: [...ARAB_LEAGUE_CODES.filter((code) => values[`country.${code}`] === 'on'), ...typedCodes(values['countries.other'])],
    url: orNull(values.url),
    reception: { ar: orNull(values['reception.ar']), en: orNull(values['reception.en']) },
    logo: values.logo.trim() === '' ? null : numberOrText(values.logo),
  }
}

async function saveChannel(c: Context<AppEnv>, id: number | undefined): Promise<Response> {
  const posted = await readTextFields(c, CHANNEL_FIELDS)
  const show = (failure: FormFailure) => channelPage(c, id, { failure, values: posted?.values ?? {} })
  if (!posted) return fail(c, unreadableForm(c), show)
  if (Object.keys(posted.errors).length > 0) return fail(c, invalidForm(c, posted.errors as Record<string, string>), show)
  const body = channelBody(posted.values)
  const answer = id === undefined ? await callDeskApi(c, 'POST', 'channels', body) : await callDeskApi(c, 'PATCH', `channels/${id}`, body)
  const outcome =
    id === undefined
      ? { to: href(c.var.lang, 'deskChannels'), flash: { type: 'success', key: 'deskChannelAdded' } as const, show }
      : { to: href(c.var.lang, 'deskChannel', { id }), flash: { type: 'success', key: 'deskSaved' } as const, show }
  return deskAnswer(c, answer, outcome, COUNTRY_FIELDS)
}

deskChannelScreens.get('/desk/channels/new', (c) => channelPage(c, undefined))
deskChannelScreens.post('/desk/channels/new', formLimit, (c) => saveChannel(c, undefined))
deskChannelScreens.get('/desk/channels/:id', rowParams, (c) => channelPage(c, c.req.valid('param').id))
deskChannelScreens.post('/desk/channels/:id', rowParams, formLimit, (c) => saveChannel(c, c.req.valid('param').id))

// A match's broadcasts.

/** The most rows a match's form posts: the API's 50 broadcasts and the empty rows after them. */
const MAX_ROWS = 53

async function matchBroadcastsPage(c: Context<AppEnv>, id: number, refused?: { refused: Refused; rows: number }): Promise<Response> {
  const [desk, broadcasts, channels] = await Promise.all([readDeskMatch(c, id), readDeskBroadcasts(c, id), allChannels(c)])
  const heading = <MatchBroadcastsHeading match={desk.match} />
  return c.render(
    <MatchBroadcastsPage match={desk.match} broadcasts={broadcasts} channels={channels} rows={refused?.rows ?? formRows(broadcasts.length)} refused={refused?.refused} />,
    { title: c.var.i18n._(msg`Where to watch`), heading, status: refused?.refused.failure.status },
  )
}

deskChannelScreens.get('/desk/matches/:id/broadcasts', rowParams, (c) => matchBroadcastsPage(c, c.req.valid('param').id))

type RowField = 'channel_id' | 'countries' | 'language' | 'commentators.ar' | 'commentators.en'
const ROW_FIELDS: readonly RowField[] = ['channel_id', 'countries', 'language', 'commentators.ar', 'commentators.en']
/** What a row can hold besides its channel and language. */
const ROW_WORDS: readonly RowField[] = ['countries', 'commentators.ar', 'commentators.en']

/** One commentator a line: the same line in Arabic and in English names one person. */
function pairedLines(ar: string, en: string): { ar?: string; en?: string }[] {
  const [arabic, english] = [ar.split('\n'), en.split('\n')]
  return Array.from({ length: Math.max(arabic.length, english.length) }, (_, i) => ({ ar: arabic[i]?.trim() || undefined, en: english[i]?.trim() || undefined })).filter(
    (voice) => voice.ar !== undefined || voice.en !== undefined,
  )
}

const COMMENTATORS = 'commentators'

/** The form's field for an API error on broadcast `index` (`3.countries.1` → `5.countries` when it is the sixth row). */
function formField(key: string, rowOf: number[]): string {
  const [index, field, ...rest] = key.split('.')
  const row = rowOf[Number(index)]
  if (row === undefined || field === undefined) return key
  if (field === COMMENTATORS) return [row, COMMENTATORS, rest.at(-1) === 'en' ? 'en' : 'ar'].join('.')
  return [row, field].join('.')
}

deskChannelScreens.post('/desk/matches/:id/broadcasts', rowParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const rows = Math.min(Math.max(parseId((await readTextFields(c, ['rows']))?.values.rows ?? '') ?? 0, 1), MAX_ROWS)
  const names = Array.from({ length: rows }, (_, row) => ROW_FIELDS.map((field) => `${row}.${field}`)).flat()
  const posted = await readTextFields(c, names)
  const show = (failure: FormFailure) => matchBroadcastsPage(c, id, { refused: { failure, values: posted?.values ?? {} }, rows })
  if (!posted) return fail(c, unreadableForm(c), show)
  const errors: Record<string, string> = { ...(posted.errors as Record<string, string>) }
  const channels = await allChannels(c)
  const list: unknown[] = []
  const rowOf: number[] = []
  for (let row = 0; row < rows; row++) {
    const value = (field: RowField) => posted.values[`${row}.${field}`] ?? ''
    const channelId = value('channel_id').trim()
    if (channelId === '') {
      // A row with words in it and no channel is a channel forgotten, not a row left empty.
      if (ROW_WORDS.some((field) => value(field).trim() !== '')) {
        errors[`${row}.channel_id`] = issueText(c.var.i18n, 'required')
      }
      continue
    }
    const typed = typedCodes(value('countries'))
    const countries: string[] = typed.length > 0 ? typed : (channels.find((channel) => channel.id === channelId)?.countries ?? [])
    list.push({ channel_id: numberOrText(channelId), countries, commentators: pairedLines(value('commentators.ar'), value('commentators.en')), language: value('language') || null })
    rowOf.push(row)
  }
  if (Object.keys(errors).length > 0) return fail(c, invalidForm(c, errors), show)
  const answer = await callDeskApi(c, 'PUT', `matches/${id}/broadcasts`, list)
  const fieldOf = Object.fromEntries(Object.keys(answer.body.errors ?? {}).map((key) => [key, formField(key, rowOf)]))
  const to = href(c.var.lang, 'deskMatchBroadcasts', { id })
  return deskAnswer(c, answer, { to, flash: { type: 'success', key: 'deskBroadcastsSaved' }, show }, fieldOf)
})

// A round's broadcasts.

/** The round a match day is about: the first that starts no more than three days ago, else the last. */
function roundToShow(rounds: Round[], now: number): string | undefined {
  const recent = now - 3 * 86_400_000
  return (rounds.find((round) => Date.parse(round.firstKickoff) >= recent) ?? rounds.at(-1))?.name
}

async function roundsPage(c: Context<AppEnv>, seasonId: number | null, roundName: string, refused?: Refused): Promise<Response> {
  const seasons = await readDeskSeasons(c)
  const season = seasons.find((s) => Number(s.id) === seasonId) ?? seasons[0]
  const rounds = season ? await readDeskRounds(c, Number(season.id)) : []
  const round = rounds.find((r) => r.name === roundName)?.name ?? roundToShow(rounds, Date.now())
  const [matches, channels] = await Promise.all([season && round !== undefined ? readDeskRoundBroadcasts(c, Number(season.id), round) : [], allChannels(c)])
  return c.render(<RoundBroadcastsPage choice={{ seasons, season, rounds, round }} matches={matches} channels={channels} refused={refused} />, {
    title: c.var.i18n._(msg`Where to watch, round by round`),
    status: refused?.failure.status,
  })
}

type CopyField = 'season_id' | 'round' | 'channel_id' | 'countries' | 'language'
const COPY_FIELDS: readonly CopyField[] = ['season_id', 'round', 'channel_id', 'countries', 'language']
const SEASON: CopyField = 'season_id'

deskChannelScreens.get('/desk/rounds', (c) => roundsPage(c, parseId(c.req.query(SEASON) ?? ''), searchText(c, 'round')))

deskChannelScreens.post('/desk/rounds/copy', formLimit, async (c) => {
  const posted = await readTextFields(c, COPY_FIELDS)
  const values: Record<string, string> = posted?.values ?? {}
  const seasonId = parseId(values.season_id ?? '')
  const round = values.round ?? ''
  const show = (failure: FormFailure) => roundsPage(c, seasonId, round, { failure, values })
  if (!posted) return fail(c, unreadableForm(c), show)
  const errors: Record<string, string> = { ...(posted.errors as Record<string, string>) }
  if (posted.values.channel_id.trim() === '') errors.channel_id = issueText(c.var.i18n, 'required')
  if (Object.keys(errors).length > 0) return fail(c, invalidForm(c, errors), show)
  const typed = typedCodes(posted.values.countries)
  const answer = await callDeskApi(c, 'POST', `seasons/${seasonId ?? 0}/broadcasts`, {
    round,
    channel_id: numberOrText(posted.values.channel_id),
    countries: typed.length > 0 ? typed : null,
    language: posted.values.language || null,
  })
  const to = href(c.var.lang, 'deskRounds', { season: seasonId ?? undefined, round })
  return deskAnswer(c, answer, { to, flash: { type: 'success', key: 'deskRoundCopied' }, show }, COUNTRY_FIELDS)
})
