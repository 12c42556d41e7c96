// Matches by day (with the days around it, a date picker, a competition and the filters of
// src/football/match-day.ts) and the match page: score, timeline, venue, kick-off,
// head-to-head, table, posts.
import { FollowButton } from '../components/follow-button.tsx'
import type { FollowProps } from '../../client/islands/follow.tsx'
import { followingReader, followState } from '../http/follow-state.ts'
import { mayVeil, readerSpoilers } from '../http/spoilers.ts'
import { veil, veilAll } from '../football/spoilers.ts'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Hono } from 'hono'
import * as v from 'valibot'
import { dayKey, formatCalendarDay, formatLongDate, secondsLeftInDay } from '../../lib/format.ts'
import { isRealDay, shiftDay } from '../../lib/days.ts'
import { href, withQuery } from '../../lib/links.ts'
import { localized, placeName } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import { BackIcon, ForwardIcon } from '../../lib/icons.tsx'
import { Timeline } from '../../client/live/timeline.tsx'
import type { LiveProps } from '../../client/live/live-parts.tsx'
import { commentaryWords, lineupWords, scoreWords, statusWords, timelineWords } from '../../client/live/live-words.ts'
import { Commentary } from '../../client/live/commentary.tsx'
import { Lineups } from '../../client/live/lineups.tsx'
import { msUntil, secondsLeft } from '../../lib/countdown.ts'
import { FOLLOWED_STATUSES, shownStatus } from '../../lib/live.ts'
import { Island } from '../components/island.tsx'
import { MatchMedia } from '../components/post-media.tsx'
import { ShareLinks } from '../components/share.tsx'
import { feedStart, KickoffTime, MatchList, RevealScore, Score, StatusBadge, TeamLink, useRoundLabel } from '../components/football.tsx'
import { RelatedPosts } from '../components/related-posts.tsx'
import { CapitalTimes } from '../components/capital-times.tsx'
import { DayChannels, WhereToWatch } from '../components/where-to-watch.tsx'
import { StandingsTable } from '../components/standings-table.tsx'
import type { CompetitionRef, MatchSummary, TeamRef } from '../db/football-fragments.ts'
import { loadMatch, loadMatchesDay, type MatchPage } from '../db/matches.ts'
import { broadcastsIn, type CompetitionGroup, type DayFilters, groupByCompetition, keepsMatch } from '../football/match-day.ts'
import { pageSeasonTables } from '../football/page-tables.ts'
import { contextTable, type Table } from '../football/tables.ts'
import { found, IdParams, urlInput } from '../http/params.ts'
import { readerTimeZone } from '../http/time-zone.ts'
import { allowMediaEmbeds } from '../media/embeds-csp.ts'
import { contentRenderer } from '../layouts/renderers.tsx'
import { scope, utcDaysOf } from '../http/page-scopes.ts'
import { edgeCache, keepBriefly, showsCountry, showsScopes } from '../middleware/edge-cache.ts'
import { Fact } from '../components/fact.tsx'
import { pathsIn } from '../seo/alternates.ts'
import { seoContext, sportsEvent } from '../seo/json-ld.ts'
import { usePageRequest } from '../request-context.tsx'
import type { AppEnv } from '../types.ts'

export const matchPages = new Hono<AppEnv>()
// The day's list depends on the reader's zone (where a day starts), so each zone has its copy.
matchPages.use('/matches', edgeCache({ byZone: true }), contentRenderer)
matchPages.use('/matches/*', edgeCache(), contentRenderer)

const COMPETITION = /^[a-z0-9.]{2,32}$/

/** A filter is on only with its one value (`?tv=mine`, `?free=1`, `?live=1`); any other value leaves it off (decision 124). */
const flag = (on: string) => v.optional(v.pipe(v.string(), v.transform((value) => value === on)), '')

/**
 * `?date=` a real calendar day (today in the reader's zone when absent); `?competition=` a code,
 * empty for all; the filters of src/football/match-day.ts.
 */
const DayQuery = v.object({
  date: v.optional(v.pipe(v.string(), v.check(isRealDay))),
  competition: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.regex(COMPETITION))])),
  tv: flag('mine'),
  free: flag('1'),
  live: flag('1'),
})

/** What the page's links keep of the request: the competition and the filters. */
interface DayView {
  day: string
  today: string
  competition: string | undefined
  filters: DayFilters
}

function dayLink(lang: Locale, view: DayView, date: string): string {
  const { tv, free, live } = view.filters
  return withQuery(href(lang, 'matches'), {
    date,
    competition: view.competition,
    tv: tv ? 'mine' : undefined,
    free: free ? '1' : undefined,
    live: live ? '1' : undefined,
  })
}

function DayNavigation({ view, competitions }: { view: DayView; competitions: CompetitionRef[] }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const { day, today } = view
  const shortcuts: [string, string][] = [
    [shiftDay(today, -1), t`Yesterday`],
    [today, t`Today`],
    [shiftDay(today, 1), t`Tomorrow`],
  ]
  return (
    <nav className="day-nav" aria-label={t`Choose a day`}>
      <a className="button button-quiet" href={dayLink(lang, view, shiftDay(day, -1))} rel="prev">
        <BackIcon />
        <Trans>Previous day</Trans>
      </a>
      <ul className="day-shortcuts">
        {shortcuts.map(([date, label]) => (
          <li key={date}>
            <a href={dayLink(lang, view, date)} aria-current={date === day ? 'date' : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
      <a className="button button-quiet" href={dayLink(lang, view, shiftDay(day, 1))} rel="next">
        <Trans>Next day</Trans>
        <ForwardIcon />
      </a>
      <form method="get" action={href(lang, 'matches')} className="day-picker">
        <label htmlFor="date">
          <Trans>Date</Trans>
        </label>
        <input id="date" type="date" name="date" defaultValue={day} required />
        <label htmlFor="competition">
          <Trans>Competition</Trans>
        </label>
        <select id="competition" name="competition" defaultValue={view.competition ?? ''}>
          <option value="">{t`All competitions`}</option>
          {competitions.map((c) => (
            <option key={c.id} value={c.id}>
              {localized(c.name, lang)}
            </option>
          ))}
        </select>
        <FilterFields filters={view.filters} />
        <button className="button" type="submit">
          <Trans>Show</Trans>
        </button>
      </form>
    </nav>
  )
}

/** The filters as checkboxes of the day's GET form: they work without script. */
function FilterFields({ filters }: { filters: DayFilters }) {
  const { t } = useLingui()
  return (
    <fieldset className="day-filters">
      <legend>{t`Show only`}</legend>
      <label>
        <input type="checkbox" name="tv" value="mine" defaultChecked={filters.tv} /> <Trans>On TV in my country</Trans>
      </label>
      <label>
        <input type="checkbox" name="free" value="1" defaultChecked={filters.free} /> <Trans>Free-to-air only</Trans>
      </label>
      <label>
        <input type="checkbox" name="live" value="1" defaultChecked={filters.live} /> <Trans>Live now</Trans>
      </label>
    </fieldset>
  )
}

/** Why a filtered day shows nothing, and the way back to all its matches. */
function FilteredEmpty({ view }: { view: DayView }) {
  const { lang } = usePageRequest()
  const { tv, free, live } = view.filters
  const message =
    [tv, free, live].filter(Boolean).length > 1 ? (
      <Trans>No match on this day passes these filters.</Trans>
    ) : live ? (
      <Trans>No match of this day is being played now.</Trans>
    ) : free ? (
      <Trans>No match of this day is on a free-to-air channel in your country.</Trans>
    ) : (
      <Trans>No match of this day is on TV in your country.</Trans>
    )
  const all = { ...view, filters: { tv: false, free: false, live: false } }
  return (
    <p className="empty-state">
      {message}{' '}
      <a href={dayLink(lang, all, view.day)}>
        <Trans>Show all matches</Trans>
      </a>
    </p>
  )
}

function MatchDay({ view, groups, country, dayIsEmpty }: { view: DayView; groups: CompetitionGroup[]; country: string | null; dayIsEmpty: boolean }) {
  const { lang } = usePageRequest()
  if (dayIsEmpty) {
    return (
      <p className="empty-state">
        <Trans>No matches on this day.</Trans>
      </p>
    )
  }
  if (groups.length === 0) return <FilteredEmpty view={view} />
  return groups.map(({ competition, matches }) => (
    <MatchList
      key={competition.id}
      matches={matches}
      below={(m) => <DayChannels broadcasts={broadcastsIn(m, country)} />}
      title={
        <a href={href(lang, 'league', { id: competition.id })}>
          <bdi>{localized(competition.name, lang)}</bdi>
        </a>
      }
    />
  ))
}

matchPages.get('/matches', urlInput('query', DayQuery), async (c) => {
  const { lang } = c.var
  const timeZone = readerTimeZone(c)
  const query = c.req.valid('query')
  const today = dayKey(new Date(), timeZone)
  const view: DayView = {
    day: query.date ?? today,
    today,
    competition: query.competition || undefined,
    filters: { tv: query.tv, free: query.free, live: query.live },
  }
  // A signed-in reader's session first, then one statement with their followed competitions:
  // two round trips, where a guest's page keeps its one (decision 137). Never kept: a request
  // with a session cookie bypasses the edge cache (decision 129).
  const reader = await followingReader(c)
  // The session read above brought a spoiler-free reader's reveals and follows (decision 139).
  const spoilers = await readerSpoilers(c)
  const data = await loadMatchesDay(c.var.db.sql, view.day, timeZone, view.competition, reader)
  data.matches = veilAll(spoilers, data.matches)
  showsScopes(c, ...utcDaysOf(view.day, timeZone).map(scope.day))
  // "Today" is another day at midnight, with no change to renew it.
  if (query.date === undefined) keepBriefly(c, secondsLeftInDay(new Date(), timeZone))
  // Only a day with broadcasts differs by country; a day without stays one copy per zone.
  const country = data.matches.some((m) => m.broadcasts.length > 0) ? ((await showsCountry(c)) ?? null) : null
  const groups = groupByCompetition(
    data.matches.filter((m) => keepsMatch(m, view.filters, country)),
    { followed: data.followedCompetitions, big: data.bigCompetitions },
    lang,
  )
  const title = c.var.i18n._(msg`Matches`)
  const longDay = formatCalendarDay(view.day, lang)
  return c.render(
    <>
      <DayNavigation view={view} competitions={data.competitions} />
      <h2 className="day-title">{longDay}</h2>
      <MatchDay view={view} groups={groups} country={country} dayIsEmpty={data.matches.length === 0} />
    </>,
    {
      title: `${title} — ${longDay}`,
      heading: title,
      crumbs: [{ label: title }],
      description: c.var.i18n._(msg`Fixtures, live scores and results for ${longDay}.`),
      // Each day is its own page; the filters narrow it and are not separate pages.
      alternates: pathsIn((l) => withQuery(href(l, 'matches'), { date: view.day })),
    },
  )
})

function HeadToHead({ page }: { page: MatchPage }) {
  const { match, headToHead } = page
  if (headToHead.length === 0) return null
  const meetings = headToHead.length
  let home = 0
  let draws = 0
  let away = 0
  for (const m of headToHead) {
    if (!m.ft) continue
    const [a, b] = m.home.id === match.home.id ? m.ft : [m.ft[1], m.ft[0]]
    if (a > b) home++
    else if (a < b) away++
    else draws++
  }
  return (
    <section aria-labelledby="h2h-title">
      <h2 id="h2h-title">
        <Trans>Head to head</Trans>
      </h2>
      <p className="h2h-summary">
        <Trans>
          <TeamLink team={match.home} /> won {home}, <TeamLink team={match.away} /> won {away}, {draws} drawn (last {meetings} meetings).
        </Trans>
      </p>
      <MatchList matches={headToHead} />
    </section>
  )
}

/** Half-time score, and the 90-minute score when extra time was played. */
function ScoreDetail({ match }: { match: MatchSummary }) {
  if (!match.ht) return null
  const [htHome, htAway] = match.ht
  const [ftHome, ftAway] = match.ft ?? []
  return (
    <p className="scoreboard-detail">
      <Trans>
        Half time <span className="score-inline">{htHome}–{htAway}</span>
      </Trans>
      {match.et ? (
        <>
          {' · '}
          <Trans>
            Full time <span className="score-inline">{ftHome}–{ftAway}</span>, after extra time
          </Trans>
        </>
      ) : null}
    </p>
  )
}

/**
 * What the live islands start from, for a match that is live or still to come; a match
 * that is over renders without them and ships no script for its score.
 */
function liveProps(match: MatchSummary, now: number): LiveProps | null {
  // A match a spoiler-free reader hides gets no live part: nothing subscribes to its score (decision 139).
  // Nor does one that awaits its result: nothing more will come from its room.
  if (match.hidden || !FOLLOWED_STATUSES.includes(match.status) || shownStatus(match.status, match.kickoff, now) === 'result_awaited') return null
  return feedStart(match)
}

/** What a spoiler-free reader sees instead of the score, the timeline and the live text, with the way to see them (decision 139). */
function HiddenNote({ match }: { match: MatchSummary }) {
  return (
    <div className="spoiler-note" id={`match-${match.id}`}>
      <p>
        <Trans>Spoiler-free: the score, the goals, the timeline, the live text and the reports of this match are hidden.</Trans>
      </p>
      <RevealScore match={match} />
    </div>
  )
}

function ReplayNote({ original }: { original: number }) {
  const { lang } = usePageRequest()
  return (
    <p className="replay-note">
      <Trans>
        This is a replay: the events of <a href={href(lang, 'match', { id: original })}>a real match</a>, played again through the live centre at a faster clock.
      </Trans>
    </p>
  )
}

function MatchView({ page, title, table, follow }: { page: MatchPage; title: string; table: Table | null; follow: FollowProps }) {
  const { lang, timeZone, renderedAt } = usePageRequest()
  const { t, i18n } = useLingui()
  const roundLabel = useRoundLabel()
  const { match } = page
  const live = liveProps(match, renderedAt)
  const commentaryText = commentaryWords(i18n)
  const lineupText = lineupWords(i18n, { home: localized(match.home.name, lang), away: localized(match.away.name, lang) })
  const secondsToKickoff = match.status === 'scheduled' ? secondsLeft(msUntil(Date.parse(match.kickoff), renderedAt)) : 0
  return (
    <>
      <section className="scoreboard" aria-label={t`Score`}>
        <p className="scoreboard-meta">
          <a href={href(lang, 'league', { id: match.competition.id })}>
            <bdi>{localized(match.competition.name, lang)}</bdi>
          </a>{' '}
          · <bdi>{roundLabel(match.group ?? match.round)}</bdi>
        </p>
        <div className="scoreboard-teams">
          <span className="team team-home">
            <TeamLink team={match.home} full />
          </span>
          {live ? <Island name="match-score" props={{ ...live, words: scoreWords(i18n) }} hydrate="load" /> : <Score match={match} />}
          <span className="team team-away">
            <TeamLink team={match.away} full />
          </span>
        </div>
        {live ? (
          <Island name="match-status" props={{ ...live, secondsToKickoff, renderedAt, demo: match.demo, replayOf: match.replayOf, words: statusWords(i18n) }} hydrate="load" />
        ) : (
          <StatusBadge match={match} now={renderedAt} />
        )}
        <ScoreDetail match={match} />
        {page.statusReason ? <p className="status-reason">{localized(page.statusReason, lang)}</p> : null}
        {match.hidden ? <HiddenNote match={match} /> : null}
        {match.replayOf !== null ? <ReplayNote original={match.replayOf} /> : null}
        <dl className="match-facts">
          <Fact label={<Trans>Kick-off</Trans>}>
            {formatLongDate(new Date(match.kickoff), lang, timeZone)}
            {match.timeKnown ? (
              <>
                {' '}
                <KickoffTime iso={match.kickoff} />
              </>
            ) : null}
          </Fact>
          {match.timeKnown ? (
            <Fact label={<Trans>Time in the Arab capitals</Trans>}>
              <CapitalTimes iso={match.kickoff} />
            </Fact>
          ) : null}
          {page.stadium || match.venue ? (
            <Fact label={<Trans>Venue</Trans>}>
              <bdi>{page.stadium ? placeName(page.stadium, lang) : match.venue}</bdi>
            </Fact>
          ) : null}
        </dl>
      </section>
      <FollowButton {...follow} />
      {match.hidden ? null : live ? (
        <Island
          name="match-timeline"
          props={{ ...live, snapshot: { ...live.snapshot, events: page.events }, words: timelineWords(i18n) }}
          hydrate="load"
        />
      ) : (
        <Timeline events={page.events} />
      )}
      {match.hidden ? null : live ? (
        <Island name="match-commentary" props={{ ...live, snapshot: { ...live.snapshot, commentary: page.commentary }, lang, words: commentaryText }} hydrate="load" />
      ) : (
        <Commentary entries={page.commentary} lang={lang} words={commentaryText} />
      )}
      {live ? (
        <Island name="match-lineups" props={{ ...live, snapshot: { ...live.snapshot, lineups: page.lineups }, lang, words: lineupText }} hydrate="load" />
      ) : (
        <Lineups lineups={page.lineups} lang={lang} words={lineupText} />
      )}
      <WhereToWatch broadcasts={page.broadcasts} />
      {match.hidden ? null : <MatchMedia media={page.media} />}
      <ShareLinks path={href(lang, 'match', { id: match.id })} title={title} />
      <HeadToHead page={page} />
      {table && table.rows.length > 0 ? (
        <StandingsTable
          table={table}
          caption={match.group ? roundLabel(match.group) : t`Table`}
          highlight={[match.home.id, match.away.id]}
        />
      ) : null}
      {match.hidden ? null : <RelatedPosts posts={page.posts} />}
    </>
  )
}

matchPages.get('/matches/:id', urlInput('param', IdParams), async (c) => {
  const { id } = c.req.valid('param')
  // The reader's session (bringing a spoiler-free reader's reveals and follows) pipelined with the
  // page's statement, then their follow state: the same statements and round trips as before.
  const [loaded, [spoilers, following]] = await Promise.all([
    loadMatch(c.var.db.sql, id, c.var.lang, mayVeil(c)),
    readerSpoilers(c).then(async (scope) => [scope, await followState(c, { type: 'match', id })] as const),
  ])
  const unveiled = found(loaded)
  // A hidden match loses its scores, events and live text before anything renders (decision 139).
  const veiled = veil(spoilers, unveiled.match)
  const page: MatchPage = veiled.hidden
    ? { ...unveiled, match: veiled, events: [], commentary: [], media: [], posts: [], statusReason: null, headToHead: veilAll(spoilers, unveiled.headToHead) }
    : { ...unveiled, headToHead: veilAll(spoilers, unveiled.headToHead) }
  const { match } = page
  const clubs = [match.home.id, match.away.id]
  // The match, its season's table, its clubs' meetings, and the posts and clips tagged with any of them.
  showsScopes(c, scope.match(match.id), scope.season(page.seasonId), ...clubs.map(scope.club))
  showsScopes(c, scope.tag('match', match.id), ...clubs.map((id) => scope.tag('club', id)))
  allowMediaEmbeds(c, page.media)
  // Where to watch puts the reader's country first: such a page is kept per country (decision 122).
  if (page.broadcasts.length > 0) await showsCountry(c)
  if (match.status === 'live') keepBriefly(c)
  const { lang } = c.var
  const home = localized(match.home.short, lang)
  const away = localized(match.away.short, lang)
  // The en dash keeps each score beside its team in both directions: in Arabic the bidi
  // algorithm lays "3–1" out right to left, so the home score stays next to the home side.
  const [homeGoals, awayGoals] = match.et ?? match.ft ?? []
  const title = homeGoals === undefined ? `${home} – ${away}` : `${home} ${homeGoals}–${awayGoals} ${away}`
  const matchesLabel = c.var.i18n._(msg`Matches`)
  const competition = localized(match.competition.name, lang)
  const season = match.season
  const crumbs = [{ label: matchesLabel, href: href(lang, 'matches') }, { label: title }]
  const status = shownStatus(match.status, match.kickoff, Date.now())
  const description = c.var.i18n._(status === 'result_awaited' ? msg`${title}: ${competition}, ${season}. Result awaited.` : msg`${title}: ${competition}, ${season}.`)
  const team = (t: TeamRef) => ({ name: localized(t.name, lang), path: href(lang, 'club', { id: t.id }), logo: t.crest })
  const tables = pageSeasonTables(c, page.seasonId, page, page.deductions, spoilers)
  const table = contextTable(match, tables)
  return c.render(<MatchView page={page} title={title} table={table} follow={{ type: 'match', id: match.id, following, page: href(lang, 'match', { id: match.id }) }} />, {
    title,
    heading: <bdi>{title}</bdi>,
    crumbs,
    description,
    // The share island's copy-link answer is a toast.
    toaster: true,
    jsonLd: [
      sportsEvent(seoContext(c), {
        path: href(lang, 'match', { id: match.id }),
        name: `${localized(match.home.name, lang)} – ${localized(match.away.name, lang)}`,
        startDate: match.kickoff,
        status,
        homeTeam: team(match.home),
        awayTeam: team(match.away),
        competition: { name: competition, path: href(lang, 'league', { id: match.competition.id }) },
        location: page.stadium ? { name: localized(page.stadium.name, lang), city: localized(page.stadium.city, lang) || null } : match.venue ? { name: match.venue } : null,
        description,
      }),
    ],
  })
})
