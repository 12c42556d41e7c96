// My Hadaf (issue 27, section 2; decisions 137 and 138): a signed-in reader's own football —
// what they follow that is live or plays today with its channel in their country, the next
// fixtures and latest results, the tables of followed competitions with their clubs marked,
// and the news tagged with anything followed — and their personal calendar feed at a secret
// address they can make anew. The page is the reader's alone: `private, no-store`, and no
// edge cache on the way (a session cookie would bypass one anyway). It costs two statements:
// the session's, then one for everything (src/db/my-hadaf.ts).
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type Context, Hono } from 'hono'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { dayKey, formatLongDate } from '../../lib/format.ts'
import { href } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import { generateSessionToken, hashSessionToken } from '../auth/session-token.ts'
import { CalendarLinks } from '../components/calendar-links.tsx'
import { MatchList } from '../components/football.tsx'
import { PushAlertsControl } from '../components/push-alerts.tsx'
import { RelatedPosts } from '../components/related-posts.tsx'
import { StandingsTable } from '../components/standings-table.tsx'
import { DayChannels } from '../components/where-to-watch.tsx'
import { readPersonalFeed, resetPersonalCalendar } from '../db/calendars.ts'
import type { DayMatch } from '../db/matches.ts'
import { type FollowedSeason, loadMyHadaf, type MyHadaf } from '../db/my-hadaf.ts'
import { calendarAnswer } from '../football/calendar-feed.ts'
import { broadcastsIn } from '../football/match-day.ts'
import { pageSeasonTables } from '../football/page-tables.ts'
import type { Table } from '../football/tables.ts'
import { followingReader } from '../http/follow-state.ts'
import { readerSpoilers } from '../http/spoilers.ts'
import { type SpoilerScope, veilAll } from '../football/spoilers.ts'
import { found, urlInput } from '../http/params.ts'
import { readerCountry } from '../http/reader-country.ts'
import { readerTimeZone } from '../http/time-zone.ts'
import { cardRenderer, contentRenderer } from '../layouts/renderers.tsx'
import { showsCountry } from '../middleware/edge-cache.ts'
import { authGuard } from '../middleware/guards.ts'
import { privateNoStore } from '../middleware/private.ts'
import { usePageRequest } from '../request-context.tsx'
import type { AppEnv } from '../types.ts'

export const myHadaf = new Hono<AppEnv>()

myHadaf.use('/my', privateNoStore, authGuard, contentRenderer)
myHadaf.use('/my/calendar', privateNoStore, authGuard, cardRenderer)

/** A followed competition's table: its league table, else the groups its followed clubs play in. */
interface FollowedTable {
  key: string
  season: FollowedSeason
  caption: string
  table: Table
}

function Channels({ match, country }: { match: DayMatch; country: string | null }) {
  return <DayChannels broadcasts={broadcastsIn(match, country)} />
}

function MatchesSection({ id, title, matches, country, empty, byDay = false }: { id: string; title: ReactNode; matches: DayMatch[]; country: string | null; empty: ReactNode; byDay?: boolean }) {
  return (
    <section className="my-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {matches.length > 0 ? <MatchList matches={matches} byDay={byDay} below={(m) => <Channels match={m} country={country} />} /> : <p className="empty-state">{empty}</p>}
    </section>
  )
}

/** What a reader who follows nothing reads: how following works, and where to start. */
function HowToFollow() {
  const { lang } = usePageRequest()
  return (
    <section className="my-section empty-state" aria-labelledby="my-empty">
      <h2 id="my-empty">
        <Trans>You follow nothing yet</Trans>
      </h2>
      <p>
        <Trans>
          Press “Follow” on the page of a club, a player, a competition or a match. This page then gathers their matches today, their next fixtures and results, their tables and their news.
        </Trans>
      </p>
      <p>
        <a href={href(lang, 'leagues')}>
          <Trans>Find a competition or a club to follow</Trans>
        </a>
      </p>
    </section>
  )
}

/** The personal calendar: made on a date, and the form that makes its address (again), without script. */
function CalendarSection({ since }: { since: string | null }) {
  const { lang, timeZone } = usePageRequest()
  const made = since ? formatLongDate(new Date(since), lang, timeZone) : null
  return (
    <section className="my-section" aria-labelledby="my-calendar">
      <h2 id="my-calendar">
        <Trans>Your calendar</Trans>
      </h2>
      <p>
        <Trans>A private calendar feed of everything you follow, with the channels of your country. Its address is secret: we show it once, when it is made.</Trans>
      </p>
      {made ? (
        <p>
          <Trans>Your address was made on {made}. If you lost it or someone else has it, make a new one: the old address stops working at once.</Trans>
        </p>
      ) : null}
      <form method="post" action={href(lang, 'myCalendar')}>
        <button className={made ? 'button button-quiet' : 'button'} type="submit">
          {made ? <Trans>Make a new address</Trans> : <Trans>Make my calendar address</Trans>}
        </button>
      </form>
    </section>
  )
}

/** Alerts of what the reader follows on the device they are reading on (decision 140). */
function AlertsSection() {
  return (
    <section className="my-section" aria-labelledby="my-alerts">
      <h2 id="my-alerts">
        <Trans>Alerts on this device</Trans>
      </h2>
      <PushAlertsControl />
    </section>
  )
}

/** `data` null: the follows are an external sign-in API's (AUTH_API_BASE), and this database has none (decision 137). */
function MyHadafView({ data, tables, country }: { data: MyHadaf | null; tables: FollowedTable[]; country: string | null }) {
  const { t } = useLingui()
  const { lang } = usePageRequest()
  if (!data) return <HowToFollow />
  if (data.follows === 0) {
    return (
      <>
        <HowToFollow />
        <AlertsSection />
        <CalendarSection since={data.calendarSince} />
      </>
    )
  }
  return (
    <>
      <MatchesSection id="my-today" title={<Trans>Live and today</Trans>} matches={data.today} country={country} empty={<Trans>Nothing you follow plays today.</Trans>} />
      <MatchesSection id="my-next" title={<Trans>Next fixtures</Trans>} matches={data.next} country={country} empty={<Trans>No fixture is scheduled yet.</Trans>} byDay />
      <MatchesSection id="my-results" title={<Trans>Latest results</Trans>} matches={data.results} country={country} empty={<Trans>No result yet.</Trans>} byDay />
      {tables.length > 0 ? (
        <section className="my-section" aria-labelledby="my-tables">
          <h2 id="my-tables">
            <Trans>Tables</Trans>
          </h2>
          {tables.map(({ key, season, caption, table }) => (
            <div key={key}>
              <h3>
                <a href={href(lang, 'league', { id: season.competition.id })}>
                  <bdi>{localized(season.competition.name, lang)}</bdi>
                </a>{' '}
                <bdi>{season.label}</bdi>
              </h3>
              <StandingsTable table={table} caption={caption} followed={data.clubs} />
            </div>
          ))}
        </section>
      ) : null}
      <RelatedPosts posts={data.posts} title={t`News of what you follow`} />
      <AlertsSection />
      <CalendarSection since={data.calendarSince} />
    </>
  )
}

/** The tables the page shows for each followed competition's season. */
function followedTables(c: Context<AppEnv>, data: MyHadaf, spoilers: SpoilerScope | null): FollowedTable[] {
  const table = c.var.i18n._(msg`Table`)
  return data.seasons.flatMap((season) => {
    const tables = pageSeasonTables(c, season.seasonId, season, season.deductions, spoilers)
    if (tables.league.rows.length > 0) return [{ key: `${season.seasonId}`, season, caption: table, table: tables.league }]
    return tables.groups
      .filter(([, group]) => group.rows.some((row) => data.clubs.includes(row.team)))
      .map(([group, groupTable]) => ({ key: `${season.seasonId}:${group}`, season, caption: group, table: groupTable }))
  })
}

myHadaf.get('/my', async (c) => {
  // The auth guard has read the session (the first statement); the reader's zone and country
  // need no other.
  const reader = await followingReader(c)
  // The same session brought a spoiler-free reader's reveals and follows (decision 139).
  const spoilers = await readerSpoilers(c)
  const timeZone = readerTimeZone(c)
  const loaded = reader ? await loadMyHadaf(c.var.db.sql, reader, c.var.lang, dayKey(new Date(), timeZone), timeZone, spoilers !== null) : null
  const data = loaded && { ...loaded, today: veilAll(spoilers, loaded.today), next: veilAll(spoilers, loaded.next), results: veilAll(spoilers, loaded.results) }
  const country = (await showsCountry(c)) ?? null
  const title = c.var.i18n._(msg`My Hadaf`)
  return c.render(<MyHadafView data={data} tables={data ? followedTables(c, data, spoilers) : []} country={country} />, {
    title,
    heading: title,
    crumbs: [{ label: title }],
    noindex: true,
    toaster: true,
  })
})

// The personal calendar (decision 138). Making an address replaces the one before; the new
// address is shown on this answer only, as the database keeps no more than its hash.

myHadaf.post('/my/calendar', async (c) => {
  const reader = await followingReader(c)
  if (!reader) return c.notFound()
  const token = generateSessionToken()
  await resetPersonalCalendar(c.var.db.sql, reader, await hashSessionToken(token), await readerCountry(c))
  const { lang } = c.var
  const title = c.var.i18n._(msg`Your calendar address`)
  return c.render(
    <>
      <p>
        <Trans>Here is the address of your calendar. Copy it or subscribe now: it is not shown again. Any address made before no longer works.</Trans>
      </p>
      <CalendarAddress path={href(lang, 'myCalendarFeed', { token })} />
      <p>
        <a href={href(lang, 'my')}>
          <Trans>Back to My Hadaf</Trans>
        </a>
      </p>
    </>,
    { title, noindex: true },
  )
})

/** The new address in full, to copy, and the ways to subscribe to it or download it. */
function CalendarAddress({ path }: { path: string }) {
  const { origin } = usePageRequest()
  return (
    <>
      <p className="calendar-address">
        <code>{new URL(path, origin).href}</code>
      </p>
      <CalendarLinks path={path} />
    </>
  )
}

/** `{token}.ics`: a token as sessions have them (43 base64url characters), else nothing is looked up. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/
const FeedParams = v.object({ file: v.pipe(v.string(), v.regex(FEED_FILE), v.transform((file) => FEED_FILE.exec(file)![1]!)) })

/**
 * The feed itself, for calendar apps, which send no cookie: the secret address is the key. An
 * address never made, or made again since, is the 404 page. Kept by no shared cache: it is
 * one reader's, and it names what they follow.
 */
myHadaf.get('/my/calendar/:file', urlInput('param', FeedParams), async (c) => {
  const token = c.req.valid('param').file
  const feed = found(await readPersonalFeed(c.var.db.sql, await hashSessionToken(token)))
  const country = feed.country ?? undefined
  const name = c.var.i18n._(msg`My Hadaf`)
  c.header('Cache-Control', 'private, no-store')
  return calendarAnswer(c, { name: { [c.var.lang]: name }, matches: feed.matches }, href(c.var.lang, 'myCalendarFeed', { token }), country)
})
