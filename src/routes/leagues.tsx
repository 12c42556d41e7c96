// Competitions: the index, and a competition's season page — standings computed from the
// results, fixtures and results by round, top scorers, form, group tables and posts.
import { FollowButton } from '../components/follow-button.tsx'
import type { FollowProps } from '../../client/islands/follow.tsx'
import { followState } from '../http/follow-state.ts'
import { mayVeil, readerSpoilers } from '../http/spoilers.ts'
import { veilAll } from '../football/spoilers.ts'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Hono } from 'hono'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { href, seasonParam, withQuery } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import { readCompetitionFeed } from '../db/calendars.ts'
import { type CompetitionListing, type LeaguePage, loadCompetitions, loadLeague } from '../db/leagues.ts'
import { calendarAnswer, FeedQuery, refuseCountry } from '../football/calendar-feed.ts'
import { CalendarLinks } from '../components/calendar-links.tsx'
import { GoalsHiddenNote, MatchList, useRoundLabel, useSeasonName } from '../components/football.tsx'
import { Pagination } from '../components/pagination.tsx'
import { RelatedPosts } from '../components/related-posts.tsx'
import { StandingsTable } from '../components/standings-table.tsx'
import { pageSeasonTables } from '../football/page-tables.ts'
import type { SeasonTables } from '../football/tables.ts'
import { found, urlInput } from '../http/params.ts'
import { contentRenderer } from '../layouts/renderers.tsx'
import { scope } from '../http/page-scopes.ts'
import { edgeCache, showsScopes } from '../middleware/edge-cache.ts'
import { pathsIn } from '../seo/alternates.ts'
import { usePageRequest } from '../request-context.tsx'
import type { AppEnv } from '../types.ts'

export const leagues = new Hono<AppEnv>()
leagues.use('/leagues', edgeCache(), contentRenderer)
leagues.use('/leagues/*', edgeCache(), contentRenderer)

/** A season in a URL (lib/links.ts `seasonParam`): 2023-24, or 2022 for a tournament. */
const SEASON_PARAM = /^(\d{4})(?:-(\d{2}))?$/

function CompetitionIndex({ competitions }: { competitions: CompetitionListing[] }) {
  const { lang } = usePageRequest()
  return (
    <ul className="competition-grid">
      {competitions.map((c) => (
        <li key={c.id}>
          <a href={href(lang, 'league', { id: c.id })}>
            <bdi className="competition-name">{localized(c.name, lang)}</bdi>
            <span className="competition-seasons">
              <bdi dir="ltr">{c.seasons.join(' · ')}</bdi>
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}

leagues.get('/leagues', async (c) => {
  const competitions = await loadCompetitions(c.var.db.sql)
  showsScopes(c, scope.site)
  const title = c.var.i18n._(msg`Leagues and cups`)
  return c.render(<CompetitionIndex competitions={competitions} />, {
    title,
    crumbs: [{ label: title }],
    description: c.var.i18n._(msg`Every league and cup on Hadaf, with tables, fixtures and results.`),
  })
})

/** A choice sent as a GET query, so it works without JavaScript: a season, a round. */
function QueryPicker({ action, name, label, value, options, keep = {} }: {
  action: string
  name: string
  label: ReactNode
  value: string
  options: { value: string; label: string }[]
  /** The query the choice keeps (the season a round belongs to). */
  keep?: Record<string, string | undefined>
}) {
  return (
    <form className="query-picker" method="get" action={action}>
      {Object.entries(keep).map(([key, kept]) => (kept ? <input key={key} type="hidden" name={key} value={kept} /> : null))}
      <label htmlFor={name}>{label}</label>
      <select id={name} name={name} defaultValue={value}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button className="button button-quiet" type="submit">
        <Trans>Show</Trans>
      </button>
    </form>
  )
}

function TopScorers({ page }: { page: LeaguePage }) {
  const { lang } = usePageRequest()
  if (page.scorers.length === 0) return null
  return (
    <section aria-labelledby="scorers-title">
      <h2 id="scorers-title">
        <Trans>Top scorers</Trans>
      </h2>
      <div className="table-scroll">
        <table className="scorers">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">
                <Trans>Player</Trans>
              </th>
              <th scope="col">
                <Trans>Team</Trans>
              </th>
              <th scope="col">
                <Trans>Goals</Trans>
              </th>
              <th scope="col">
                <Trans>Penalties</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {page.scorers.map((s, i) => (
              <tr key={`${s.playerId ?? s.name}-${s.team.id}`}>
                <td>{i + 1}</td>
                <th scope="row">
                  {s.playerId ? (
                    <a href={href(lang, 'player', { id: s.playerId })}>
                      <bdi>{localized(s.player, lang) || s.name}</bdi>
                    </a>
                  ) : (
                    <bdi>{s.name}</bdi>
                  )}
                </th>
                <td>
                  <a href={href(lang, 'club', { id: s.team.id })}>
                    <bdi>{localized(s.team.short, lang)}</bdi>
                  </a>
                </td>
                <td>{s.goals}</td>
                <td>{s.penalties}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function LeagueView({ page, tables, seasonAsked, follow }: { page: LeaguePage; tables: SeasonTables; seasonAsked: boolean; follow: FollowProps }) {
  const hidesGoals = Boolean(tables.league.hiddenMatches || tables.groups.some(([, t]) => t.hiddenMatches))
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const roundLabel = useRoundLabel()
  const seasonName = useSeasonName()
  const { league: table, groups } = tables
  const season = page.season.label
  // The competition's newest season, when the page shows an older one (its table begins with its first result).
  const current = page.seasons[0] && page.seasons[0].label > season ? page.seasons[0] : undefined
  const action = href(lang, 'league', { id: page.competition.id })
  // Round links keep the season when the page was asked for one; without, they follow the latest.
  const seasonQuery = seasonAsked ? seasonParam(season) : undefined
  const shown = page.round === null ? undefined : page.rounds[page.round - 1]
  const label = (name: string) => roundLabel(name) || t`Other matches`
  return (
    <>
      <FollowButton {...follow} />
      <QueryPicker
        action={action}
        name="season"
        label={<Trans>Season</Trans>}
        value={seasonParam(season)}
        options={page.seasons.map((s) => ({ value: seasonParam(s.label), label: seasonName(s) }))}
      />
      {current ? (
        <p className="season-note">
          <Trans>
            <bdi>{current.label}</bdi> is the current season: its table begins with its first result.{' '}
            <a href={withQuery(action, { season: seasonParam(current.label) })}>Its fixtures</a>
          </Trans>
        </p>
      ) : null}
      {table.rows.length > 0 ? <StandingsTable table={table} caption={t`Standings ${seasonName(page.season)}`} /> : null}
      {groups.length > 0 ? (
        <section aria-labelledby="groups-title">
          <h2 id="groups-title">
            <Trans>Group tables</Trans>
          </h2>
          <div className="group-grid">
            {groups.map(([group, groupTable]) => (
              <StandingsTable key={group} table={groupTable} caption={roundLabel(group)} />
            ))}
          </div>
        </section>
      ) : null}
      {hidesGoals ? <GoalsHiddenNote /> : <TopScorers page={page} />}
      {shown !== undefined && page.round !== null ? (
        <section aria-labelledby="fixtures-title">
          <h2 id="fixtures-title">
            <Trans>Fixtures and results</Trans>
          </h2>
          {page.rounds.length > 1 ? (
            <QueryPicker
              action={action}
              name="round"
              label={<Trans>Round</Trans>}
              value={String(page.round)}
              options={page.rounds.map((name, i) => ({ value: String(i + 1), label: label(name) }))}
              keep={{ season: seasonQuery }}
            />
          ) : null}
          <MatchList matches={page.roundMatches} title={label(shown)} />
          <Pagination
            page={page.round}
            pages={page.rounds.length}
            pathFor={(n) => withQuery(action, { season: seasonQuery, round: n })}
            words={{ nav: t`Rounds`, previous: <Trans>Previous round</Trans>, next: <Trans>Next round</Trans>, status: label(shown) }}
          />
        </section>
      ) : null}
      <CalendarLinks path={href(lang, 'leagueCalendar', { id: page.competition.id })} />
      <RelatedPosts posts={page.posts} />
    </>
  )
}

const LeagueParams = v.object({ id: v.pipe(v.string(), v.regex(/^[a-z0-9.]{2,32}$/)) })

/**
 * `?season=2023-24` names the season "2023/24"; no season is the competition's latest.
 * `?round=3` is the season's third round; without, the first with a match to play.
 */
const LeagueQuery = v.object({
  round: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,2}$/), v.transform(Number))),
  season: v.optional(
    v.pipe(
      v.string(),
      v.regex(SEASON_PARAM),
      v.transform((param) => param.replace('-', '/')),
    ),
  ),
})

leagues.get('/leagues/:id', urlInput('param', LeagueParams), urlInput('query', LeagueQuery), async (c) => {
  const { id } = c.req.valid('param')
  const { season, round } = c.req.valid('query')
  // One round at a time keeps the page small (a whole league season is 380 matches).
  // Both on the request's one connection, pipelined: a guest's state costs nothing (decision 129).
  // The session brings a spoiler-free reader's reveals and follows (decision 139); then the follow state.
  const [loaded, [spoilers, following]] = await Promise.all([
    loadLeague(c.var.db.sql, id, c.var.lang, season, round, mayVeil(c)),
    readerSpoilers(c).then(async (scope) => [scope, await followState(c, { type: 'competition', id })] as const),
  ])
  const unveiled = found(loaded)
  const page = { ...unveiled, roundMatches: veilAll(spoilers, unveiled.roundMatches) }
  if (round !== undefined && round > page.rounds.length) return c.notFound()
  // Without a season asked for, the page follows the latest with a result: any of them may become it.
  const seasons = season === undefined ? page.seasons.map((s) => s.id) : [page.season.id]
  showsScopes(c, ...seasons.map(scope.season), scope.tag('competition', id))
  const tables = pageSeasonTables(c, page.season.id, page, page.deductions, spoilers)
  // The scorers' goals would tell what the hidden matches' scores do not: the list waits for the reveal.
  if (tables.league.hiddenMatches || tables.groups.some(([, t]) => t.hiddenMatches)) page.scorers = []
  const name = localized(page.competition.name, c.var.lang)
  const title = `${name} ${page.season.label}`
  const leaguesLabel = c.var.i18n._(msg`Leagues and cups`)
  const crumbs = [{ label: leaguesLabel, href: href(c.var.lang, 'leagues') }, { label: name }]
  return c.render(<LeagueView page={page} tables={tables} seasonAsked={season !== undefined} follow={{ type: 'competition', id, following, page: href(c.var.lang, 'league', { id }) }} />, {
    title, heading: <bdi>{title}</bdi>, crumbs,
    // The follow button's island raises toasts.
    toaster: true,
    description: c.var.i18n._(msg`${title}: table, fixtures, results and top scorers.`),
    // A season asked for by name is its own page; without one the page follows the latest.
    alternates: pathsIn((l) => withQuery(href(l, 'league', { id }), { season: season && seasonParam(page.season.label), round })),
  })
})

// The competition's fixtures as a calendar feed. Which seasons it holds moves as they begin:
// it follows them all, as the page without a season does (decision 125).
leagues.get('/leagues/:id/calendar.ics', urlInput('param', LeagueParams), urlInput('query', FeedQuery, refuseCountry), async (c) => {
  const { id } = c.req.valid('param')
  const { country } = c.req.valid('query')
  const feed = found(await readCompetitionFeed(c.var.db.sql, id, country))
  showsScopes(c, ...feed.seasons.map(scope.season))
  return calendarAnswer(c, feed, withQuery(href(c.var.lang, 'leagueCalendar', { id }), { country }), country)
})
