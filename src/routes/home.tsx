import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Hono } from 'hono'
import { href, postHref } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import { MatchList, useSeasonName } from '../components/football.tsx'
import { PostCover, PublishedDate } from '../components/post-card.tsx'
import { RelatedPosts } from '../components/related-posts.tsx'
import { StandingsTable } from '../components/standings-table.tsx'
import type { PostSummary } from '../db/posts.ts'
import { type HomePage as HomeData, loadHome } from '../db/home.ts'
import { pageSeasonTables } from '../football/page-tables.ts'
import type { Table } from '../football/tables.ts'
import { homeRenderer } from '../layouts/renderers.tsx'
import { kickoffDay, scope } from '../http/page-scopes.ts'
import { edgeCache, showsScopes } from '../middleware/edge-cache.ts'
import { usePageRequest } from '../request-context.tsx'
import type { AppEnv } from '../types.ts'
import { mayVeil, readerSpoilers } from '../http/spoilers.ts'
import { veilAll } from '../football/spoilers.ts'

export const home = new Hono<AppEnv>()

const DESCRIPTION = msg`Hadaf: football news, matches, tables, analysis and caricatures in Arabic and English.`

/** The lead story: the newest news item, large, above the fold (its cover loads eagerly). */
function LeadStory({ post }: { post: PostSummary }) {
  const { lang } = usePageRequest()
  const link = postHref(lang, post)
  return (
    <article className="lead-story">
      {/* The headline below links to the same story; the picture's link is for pointers only. */}
      <a href={link} tabIndex={-1} aria-hidden="true">
        <PostCover post={post} place="lead" lazy={false} />
      </a>
      <div className="lead-text">
        <h2>
          <a href={link}>{localized(post.title, lang)}</a>
        </h2>
        <p>{localized(post.summary, lang)}</p>
        <PublishedDate iso={post.publishedAt} />
      </div>
    </article>
  )
}

function HomeView({ data, table }: { data: HomeData; table: Table | null }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const seasonName = useSeasonName()
  const [lead, ...news] = data.news
  return (
    <>
      <h1 className="visually-hidden">
        <Trans>Hadaf — football in Arabic and English</Trans>
      </h1>
      {lead ? <LeadStory post={lead} /> : null}
      <div className="home-grid">
        <div className="home-main">
          <section aria-labelledby="upcoming-title">
            <h2 id="upcoming-title">
              <Trans>Live and upcoming</Trans>
            </h2>
            {data.upcoming.length ? (
              <MatchList matches={data.upcoming} />
            ) : (
              <p className="empty-state">
                <Trans>No matches scheduled.</Trans>
              </p>
            )}
            <p>
              <a href={href(lang, 'matches')}>
                <Trans>All matches</Trans>
              </a>
            </p>
          </section>
          <section aria-labelledby="results-title">
            <h2 id="results-title">
              <Trans>Latest results</Trans>
            </h2>
            <MatchList matches={data.results} />
          </section>
          <RelatedPosts posts={news} title={<Trans>Top news</Trans>} />
          <RelatedPosts posts={data.articles} title={<Trans>Latest articles</Trans>} />
          <RelatedPosts posts={data.analytics} title={<Trans>Analytics</Trans>} />
        </div>
        <aside className="home-aside" aria-label={t`Tables and competitions`}>
          {data.tableCompetition && data.tableSeason && table?.rows.length ? (
            <section>
              <StandingsTable
                table={table}
                limit={6}
                caption={
                  <a href={href(lang, 'league', { id: data.tableCompetition.id })}>
                    <bdi>
                      {localized(data.tableCompetition.name, lang)} {seasonName(data.tableSeason)}
                    </bdi>
                  </a>
                }
              />
            </section>
          ) : null}
          <nav aria-labelledby="competitions-title">
            <h2 id="competitions-title">
              <Trans>Competitions</Trans>
            </h2>
            <ul className="shortcut-list">
              {data.competitions.map((c) => (
                <li key={c.id}>
                  <a href={href(lang, 'league', { id: c.id })}>
                    <bdi>{localized(c.name, lang)}</bdi>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {data.caricature ? <RelatedPosts posts={[data.caricature]} title={<Trans>Caricature of the day</Trans>} /> : null}
        </aside>
      </div>
    </>
  )
}

home.use('/', edgeCache(), homeRenderer)

home.get('/', async (c) => {
  // A signed-in reader's session is pipelined with the page's statement: one round trip. It
  // brings a spoiler-free reader's reveals and follows; a guest's page is as before (decision 139).
  const [loaded, spoilers] = await Promise.all([loadHome(c.var.db.sql, c.var.lang, mayVeil(c)), readerSpoilers(c)])
  const data = { ...loaded, upcoming: veilAll(spoilers, loaded.upcoming), results: veilAll(spoilers, loaded.results) }
  // Which matches the lists hold changes with `fixtures`; what they show, with their days.
  const days = new Set([...data.upcoming, ...data.results].map((m) => kickoffDay(m.kickoff)))
  showsScopes(c, scope.posts, scope.fixtures, ...[...days].map(scope.day))
  if (data.tableSeason) showsScopes(c, scope.season(data.tableSeason.id))
  const tables = data.tableSeason ? pageSeasonTables(c, data.tableSeason.id, data, data.tableDeductions, spoilers) : null
  const table = tables?.league ?? null
  return c.render(<HomeView data={data} table={table} />, { title: '', description: c.var.i18n._(DESCRIPTION) })
})

/** The older home page's address keeps working for old links and bookmarks. */
home.get('/index-old', (c) => c.redirect(href(c.var.lang, 'home'), 301))
