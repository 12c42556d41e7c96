// The fixtures screens (issue 34, editors): a season's matches, one more added by hand, a
// federation's list checked and created, and one match's result or fate. Reads and writes go
// through the desk API (docs/desk-api.md, "Fixtures and results").
import { msg } from '@lingui/core/macro'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { href, withQuery } from '../../../lib/links.ts'
import { localized } from '../../../lib/localized.ts'
import { zonedLocalToIso } from '../../../lib/zoned-time.ts'
import { type FixturesData, readDeskSeasonFixtures } from '../../api/desk/fixtures.ts'
import { readDeskMatch } from '../../api/desk/matches.ts'
import { readDeskSeasonClubs } from '../../api/desk/seasons.ts'
import { MatchFatePage, roundScoreField, roundsOf, SCORE_FIELDS, SeasonFixturesPage } from '../../components/desk/fixtures.tsx'
import type { Refused } from '../../components/desk/football-parts.tsx'
import { callDeskApi, deskAnswer } from '../../desk/desk-calls.ts'
import { apiFailure, fail, type FormFailure, readTextFields, unreadableForm } from '../../http/form-answers.ts'
import { formLimit } from '../../http/forms.ts'
import { IdParams, parseId, urlInput } from '../../http/params.ts'
import { deskRole } from '../../middleware/guards.ts'
import type { AppEnv } from '../../types.ts'
import { numberOrText } from '../../desk/screen-params.ts'

export const deskFixtureScreens = new Hono<AppEnv>()

deskFixtureScreens.use('/desk/seasons/*', deskRole('editor'))
deskFixtureScreens.use('/desk/matches/:id/fate', deskRole('editor'))

const rowParams = urlInput('param', IdParams)

// eslint-disable-next-line lingui/no-unlocalized-strings -- a field name, not words
const SEASON_FIELD = 'season_id'

// The desk's season picker (the matches screen): to the season's fixtures, or back to the matches.
deskFixtureScreens.get('/desk/fixtures', deskRole('editor'), (c) => {
  const id = parseId(c.req.query(SEASON_FIELD) ?? '')
  return c.redirect(id === null ? href(c.var.lang, 'deskMatches') : href(c.var.lang, 'deskSeasonFixtures', { id }), 303)
})

type SeasonScreen = Parameters<typeof SeasonFixturesPage>[0]

async function seasonPage(c: Context<AppEnv>, id: number, screen: Omit<SeasonScreen, 'data' | 'clubs'> = {}, status?: ContentfulStatusCode): Promise<Response> {
  const [data, clubs] = await Promise.all([readDeskSeasonFixtures(c, id), readDeskSeasonClubs(c, id)])
  const rounds = roundsOf(data.matches)
  // The round asked for, else the first with a match still to be settled, else the first.
  const round = rounds.find((name) => name === screen.round) ?? data.matches.find((match) => match.round && match.status === 'scheduled')?.round ?? rounds[0]
  const name = `${localized(data.season.competition.name, c.var.lang)} ${data.season.label}`
  const title = c.var.i18n._(msg`Fixtures: ${name}`)
  return c.render(<SeasonFixturesPage data={data} clubs={clubs} {...screen} round={round ?? undefined} />, {
    title,
    heading: <bdi>{title}</bdi>,
    status: status ?? screen.refused?.failure.status ?? screen.roundRefused?.failure.status,
  })
}

deskFixtureScreens.get('/desk/seasons/:id/fixtures', rowParams, async (c) => {
  const { id } = c.req.valid('param')
  return seasonPage(c, id, { round: c.req.query('round') })
})

// eslint-disable-next-line lingui/no-unlocalized-strings -- field names, not words
const MATCH_FIELDS = ['home_club_id', 'away_club_id', 'kickoff', 'time_known', 'round', 'venue'] as const

deskFixtureScreens.post('/desk/seasons/:id/fixtures/match', rowParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const posted = await readTextFields(c, MATCH_FIELDS)
  const values: Record<string, string> = posted?.values ?? {}
  const show = (failure: FormFailure) => seasonPage(c, id, { refused: { failure, values } })
  if (!posted) return fail(c, unreadableForm(c), show)
  const { season } = await readDeskSeasonFixtures(c, id)
  // The field has no zone: it is the competition's clock, as the form says.
  const kickoff = zonedLocalToIso(values.kickoff ?? '', season.competition.timezone) ?? values.kickoff
  const answer = await callDeskApi(c, 'POST', 'matches', {
    season_id: id,
    home_club_id: numberOrText(values.home_club_id ?? ''),
    away_club_id: numberOrText(values.away_club_id ?? ''),
    kickoff,
    time_known: values.time_known === '1',
    round: values.round?.trim() || null,
    venue: values.venue?.trim() || null,
  })
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskSeasonFixtures', { id }), flash: { type: 'success', key: 'deskSaved' }, show })
})

deskFixtureScreens.post('/desk/seasons/:id/fixtures/list', rowParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const posted = await readTextFields(c, ['csv', 'dry_run'])
  const csv = posted?.values.csv ?? ''
  const show = (failure: FormFailure) => seasonPage(c, id, { list: { csv, message: failure.errors.body ?? failure.message } }, failure.status)
  if (!posted) return fail(c, unreadableForm(c), show)
  const dryRun = posted.values.dry_run === '1'
  const path = `seasons/${id}/fixtures${dryRun ? '?dry_run=1' : ''}`
  const answer = await callDeskApi<FixturesData>(c, 'POST', path, new Blob([csv], { type: 'text/csv' }))
  // A check, or a creation refused line by line, shows the lines on the screen.
  if (answer.body.data && (dryRun || answer.status === 422)) {
    const message = dryRun ? undefined : answer.body.message
    return seasonPage(c, id, { list: { csv, answer: answer.body.data, message } }, answer.status as ContentfulStatusCode)
  }
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskSeasonFixtures', { id }), flash: { type: 'success', key: 'deskSaved' }, show: () => show(apiFailure(c, answer)) })
})

deskFixtureScreens.post('/desk/seasons/:id/fixtures/results', rowParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const data = await readDeskSeasonFixtures(c, id)
  // Which round the form was of says which matches' fields to read.
  const round = (await readTextFields(c, ['round']))?.values.round ?? ''
  const matches = data.matches.filter((match) => match.round === round)
  const posted = await readTextFields(c, matches.flatMap((match) => [roundScoreField(match.id, 0), roundScoreField(match.id, 1)]))
  const values: Record<string, string> = posted?.values ?? {}
  const show = (failure: FormFailure) => seasonPage(c, id, { round, roundRefused: { failure, values } })
  if (!posted) return fail(c, unreadableForm(c), show)
  // The matches whose two scores were typed: a blank row is a match not yet played.
  const entered = matches.filter((match) => [0, 1].some((side) => values[roundScoreField(match.id, side as 0 | 1)]?.trim()))
  const results = entered.map((match) => ({
    match_id: match.id,
    ft: ([0, 1] as const).map((side) => numberOrText(values[roundScoreField(match.id, side)] ?? '')),
  }))
  const fieldOf = Object.fromEntries(
    entered.flatMap((match, index) => ([0, 1] as const).map((side) => [['results', index, 'ft', side].join('.'), roundScoreField(match.id, side)])),
  )
  const answer = await callDeskApi(c, 'POST', `seasons/${id}/results`, { results })
  return deskAnswer(c, answer, { to: withQuery(href(c.var.lang, 'deskSeasonFixtures', { id }), { round }), flash: { type: 'success', key: 'deskSaved' }, show }, fieldOf)
})

async function fatePage(c: Context<AppEnv>, id: number, refused?: Refused): Promise<Response> {
  const { match } = await readDeskMatch(c, id)
  const title = c.var.i18n._(msg`Result or fate`)
  return c.render(<MatchFatePage match={match} refused={refused} />, { title, status: refused?.failure.status })
}

deskFixtureScreens.get('/desk/matches/:id/fate', rowParams, (c) => fatePage(c, c.req.valid('param').id))

// eslint-disable-next-line lingui/no-unlocalized-strings -- field names, not words
const FATE_FIELDS = ['status', ...SCORE_FIELDS.ft, ...SCORE_FIELDS.ht, 'reason.ar', 'reason.en'] as const
/** The API's fields on the form's. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- field names, not words
const FATE_FIELD_OF = { 'score.ft.0': 'ft.home', 'score.ft.1': 'ft.away', 'score.ht.0': 'ht.home', 'score.ht.1': 'ht.away', score: 'ft.home', 'score.ft': 'ft.home', 'score.ht': 'ht.home' }

deskFixtureScreens.post('/desk/matches/:id/fate', rowParams, formLimit, async (c) => {
  const { id } = c.req.valid('param')
  const posted = await readTextFields(c, FATE_FIELDS)
  const values: Record<string, string> = posted?.values ?? {}
  const show = (failure: FormFailure) => fatePage(c, id, { failure, values })
  if (!posted) return fail(c, unreadableForm(c), show)
  const pair = (side: 'ft' | 'ht') => {
    const [home, away] = SCORE_FIELDS[side].map((name) => values[name]?.trim() ?? '')
    return home === '' && away === '' ? undefined : [numberOrText(home ?? ''), numberOrText(away ?? '')]
  }
  const [ft, ht] = [pair('ft'), pair('ht')]
  const reason = values['reason.ar']?.trim() || values['reason.en']?.trim() ? { ar: values['reason.ar'], en: values['reason.en'] } : undefined
  const answer = await callDeskApi(c, 'PATCH', `matches/${id}`, { status: values.status, score: ft || ht ? { ft, ht } : undefined, reason })
  return deskAnswer(c, answer, { to: href(c.var.lang, 'deskMatchFate', { id }), flash: { type: 'success', key: 'deskSaved' }, show }, FATE_FIELD_OF)
})
