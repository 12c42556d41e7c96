// A club or national team: identity, form, fixtures and results, squad, competitions, posts.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Hono } from 'hono'
import { href, withQuery } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import { otherLocale } from '../../lib/locales.ts'
import { FollowButton } from '../components/follow-button.tsx'
import type { FollowProps } from '../../client/islands/follow.tsx'
import { followState } from '../http/follow-state.ts'
import { readerSpoilers } from '../http/spoilers.ts'
import { veilAll } from '../football/spoilers.ts'
import { CalendarLinks } from '../components/calendar-links.tsx'
import { FormGuide, MatchList } from '../components/football.tsx'
import { PictureCredit } from '../components/picture-credit.tsx'
import { Image } from '../components/placeholder-image.tsx'
import { RelatedPosts } from '../components/related-posts.tsx'
import { mergedInto } from '../db/club-merge.ts'
import { readClubFeed } from '../db/calendars.ts'
import { type ClubPage, loadClub, type SquadPlayer } from '../db/clubs.ts'
import { calendarAnswer, FeedQuery, refuseCountry } from '../football/calendar-feed.ts'
import { leagueTable } from '../football/tables.ts'
import { contentRenderer, namedPage } from '../layouts/renderers.tsx'
import { scope } from '../http/page-scopes.ts'
import { edgeCache, showsScopes } from '../middleware/edge-cache.ts'
import { Fact } from '../components/fact.tsx'
import { bilingualName, seoContext, sportsTeam } from '../seo/json-ld.ts'
import { usePageRequest } from '../request-context.tsx'
import { found, IdParams, urlInput } from '../http/params.ts'
import type { AppEnv } from '../types.ts'

export const clubs = new Hono<AppEnv>()
clubs.use('/club/*', edgeCache(), contentRenderer)

/** Squad sections in the order a team sheet lists them. */
const POSITIONS = {
  GK: msg`Goalkeepers`,
  DF: msg`Defenders`,
  MF: msg`Midfielders`,
  FW: msg`Forwards`,
}

function Squad({ squad }: { squad: SquadPlayer[] }) {
  const { lang } = usePageRequest()
  const { i18n } = useLingui()
  if (squad.length === 0) return null
  return (
    <section aria-labelledby="squad-title">
      <h2 id="squad-title">
        <Trans>Squad</Trans>
      </h2>
      <div className="squad-grid">
        {Object.entries(POSITIONS).map(([position, label]) => {
          const players = squad.filter((p) => p.position === position)
          if (players.length === 0) return null
          return (
            <div key={position}>
              <h3>{i18n._(label)}</h3>
              <ul>
                {players.map((p) => (
                  <li key={p.id}>
                    {p.shirtNumber !== null ? <span className="shirt">{p.shirtNumber}</span> : null}
                    <a href={href(lang, 'player', { id: p.id })}>
                      <bdi>{localized(p.name, lang)}</bdi>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )
        })}
      </div>
    </section>
  )
}

/** `now` comes from the handler: a render stays a pure function of its props. */
function ClubView({ page, now, follow }: { page: ClubPage; now: number; follow: FollowProps }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const { club } = page
  const played = page.matches.filter((m) => m.status === 'finished' || m.status === 'awarded')
  // Fixtures still to come; a past fixture the data has no result for is not "upcoming".
  const upcoming = page.matches
    .filter((m) => m.status === 'live' || (m.status === 'scheduled' && Date.parse(m.kickoff) > now))
    .slice(0, 5)
  const recent = played.slice(-10).reverse()
  // A match a spoiler-free reader hides tells nothing of the club's form either (decision 139).
  const form = leagueTable(played.filter((m) => !m.hidden), lang).rows.find((r) => r.team === club.id)?.form ?? []
  const otherName = localized(club.name, otherLocale(lang))
  return (
    <>
      <section className="identity">
        <Image src={club.crest} alt={t`Crest`} placeholder="generic" width={96} height={96} lazy={false} className="crest" />
        <dl>
          {otherName && otherName !== localized(club.name, lang) ? (
            <Fact label={lang === 'ar' ? <Trans>Name in English</Trans> : <Trans>Name in Arabic</Trans>}>
              <bdi>{otherName}</bdi>
            </Fact>
          ) : null}
          {club.founded ? <Fact label={<Trans>Founded</Trans>}>{club.founded}</Fact> : null}
          {club.city ? <Fact label={<Trans>City</Trans>}><bdi>{club.city}</bdi></Fact> : null}
          {club.stadium ? <Fact label={<Trans>Stadium</Trans>}><bdi>{localized(club.stadium.name, lang)}</bdi></Fact> : null}
          {form.length > 0 ? <Fact label={<Trans>Form</Trans>}><FormGuide form={form} /></Fact> : null}
          <PictureCredit picture={club.crestCredit} />
        </dl>
        <FollowButton {...follow} />
      </section>
      {page.competitions.length > 0 ? (
        <nav className="chips" aria-label={t`Competitions`}>
          {page.competitions.map((c) => (
            <a key={c.id} href={href(lang, 'league', { id: c.id })}>
              <bdi>{localized(c.name, lang)}</bdi>
            </a>
          ))}
        </nav>
      ) : null}
      <MatchList matches={upcoming} title={<Trans>Fixtures</Trans>} byDay />
      <CalendarLinks path={href(lang, 'clubCalendar', { id: club.id })} />
      <MatchList matches={recent} title={<Trans>Results</Trans>} byDay />
      <Squad squad={page.squad} />
      <RelatedPosts posts={page.posts} />
    </>
  )
}

clubs.get('/club/:id', urlInput('param', IdParams), async (c) => {
  const { id } = c.req.valid('param')
  const { lang } = c.var
  // Both on the request's one connection, pipelined: a guest's state costs nothing (decision 129).
  // The session brings a spoiler-free reader's reveals and follows (decision 139); then the follow state.
  const [loaded, [spoilers, following]] = await Promise.all([
    loadClub(c.var.db.sql, id),
    readerSpoilers(c).then(async (scope) => [scope, await followState(c, { type: 'club', id })] as const),
  ])
  // A club merged into another at the desk (decision 086) is that club now.
  const survivor = loaded ? undefined : await mergedInto(c.var.db.sql, id)
  if (survivor) return c.redirect(href(lang, 'club', { id: survivor }), 301)
  const unveiled = found(loaded)
  const page = { ...unveiled, matches: veilAll(spoilers, unveiled.matches) }
  const { club } = page
  showsScopes(c, scope.club(club.id), scope.tag('club', club.id))
  const name = localized(club.name, lang)
  return c.render(<ClubView page={page} now={Date.now()} follow={{ type: 'club', id: club.id, following, page: href(lang, 'club', { id: club.id }) }} />, {
    ...namedPage(name, c.var.i18n._(msg`${name}: fixtures, results, squad and news.`)),
    // The follow button's island raises toasts.
    toaster: true,
    jsonLd: [
      sportsTeam(seoContext(c), {
        path: href(lang, 'club', { id: club.id }),
        ...bilingualName(club.name, lang),
        logo: club.crest,
        foundingYear: club.founded,
        location: club.city ? { name: club.city, city: club.city, country: club.country } : null,
        memberOf: page.competitions.map((comp) => ({ name: localized(comp.name, lang), path: href(lang, 'league', { id: comp.id }) })),
        athletes: page.squad.map((p) => ({ name: localized(p.name, lang), path: href(lang, 'player', { id: p.id }) })),
      }),
    ],
  })
})

// The club's fixtures as a calendar feed. Every match of the club renews club:{id}, and so do
// its broadcasts and their channels (decision 125).
clubs.get('/club/:id/calendar.ics', urlInput('param', IdParams), urlInput('query', FeedQuery, refuseCountry), async (c) => {
  const { id } = c.req.valid('param')
  const { country } = c.req.valid('query')
  const { lang } = c.var
  const loaded = await readClubFeed(c.var.db.sql, id, country)
  const survivor = loaded ? undefined : await mergedInto(c.var.db.sql, id)
  if (survivor) return c.redirect(withQuery(href(lang, 'clubCalendar', { id: survivor }), { country }), 301)
  showsScopes(c, scope.club(id))
  return calendarAnswer(c, found(loaded), withQuery(href(lang, 'clubCalendar', { id }), { country }), country)
})
