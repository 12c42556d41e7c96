// The search page, /{lang}/search?q=&type=: the search modal's answer without JavaScript,
// and where the modal's "See all results" leads. Same search as the API (src/search/run-search.ts).
import { readerSpoilers } from '../http/spoilers.ts'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Hono } from 'hono'
import type { ReactNode } from 'react'
import { SearchResultBody } from '../../client/search/result-body.tsx'
import { href, withQuery } from '../../lib/links.ts'
import { SCOPE_LABELS, SEARCH_QUERY_MAX, SEARCH_SCOPES, type SearchResponse, type SearchScope } from '../../lib/search-scopes.ts'
import { SearchIcon } from '../../lib/icons.tsx'
import { contentRenderer } from '../layouts/renderers.tsx'
import { edgeCache } from '../middleware/edge-cache.ts'
import { usePageRequest } from '../request-context.tsx'
import { readSearchParams, runSearch } from '../search/run-search.ts'
import type { AppEnv } from '../types.ts'

export const searchPage = new Hono<AppEnv>()
// Results can come from any table: the page names no scope, so every change renews it (decision 114).
searchPage.use('/search', edgeCache(), contentRenderer)

/** Results per group: a few of each kind under "all", more when one kind is chosen. */
const PAGE_LIMIT = { all: 5, one: 20 }

function SearchForm({ query, scope, error }: { query: string; scope: SearchScope; error?: string }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <search className="search-page-form">
      <form method="get" action={href(lang, 'search')}>
        <label htmlFor="search-q" className="visually-hidden">
          <Trans>Search clubs, players, competitions, matches and posts</Trans>
        </label>
        <div className="search-page-field">
          <SearchIcon />
          <input
            id="search-q"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={SEARCH_QUERY_MAX}
            placeholder={t`Search Hadaf`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'search-q-error' : undefined}
          />
          {scope === 'all' ? null : <input type="hidden" name="type" value={scope} />}
          <button className="button" type="submit">
            <Trans>Search</Trans>
          </button>
        </div>
        {error ? (
          <p id="search-q-error" className="field-error">
            {error}
          </p>
        ) : null}
      </form>
    </search>
  )
}

function ScopeTabs({ query, scope }: { query: string; scope: SearchScope }) {
  const { lang } = usePageRequest()
  const { t, i18n } = useLingui()
  return (
    <nav className="search-scopes" aria-label={t`Search in`}>
      {SEARCH_SCOPES.map((s) => (
        <a
          key={s}
          className="search-scope"
          href={withQuery(href(lang, 'search'), { q: query || undefined, type: s === 'all' ? undefined : s })}
          aria-current={s === scope ? 'page' : undefined}
        >
          {i18n._(SCOPE_LABELS[s])}
        </a>
      ))}
    </nav>
  )
}

function Results({ response }: { response: SearchResponse }) {
  const { lang } = usePageRequest()
  if (response.total === 0) {
    return (
      <p className="empty-state">
        <Trans>
          No results for “<bdi>{response.query}</bdi>”. Check the spelling or try another name.
        </Trans>
      </p>
    )
  }
  return (
    <>
      {response.groups.map((group) => (
        <section key={group.type} className="search-page-group" aria-labelledby={`search-group-${group.type}`}>
          <h2 id={`search-group-${group.type}`}>{group.label}</h2>
          <ul className="search-page-results">
            {group.results.map((r) => (
              <li key={r.id}>
                <a className="search-result" href={r.url}>
                  <SearchResultBody result={r} />
                </a>
              </li>
            ))}
          </ul>
          {response.type === 'all' && group.results.length >= PAGE_LIMIT.all ? (
            <a className="search-more" href={withQuery(href(lang, 'search'), { q: response.query, type: group.type })}>
              <Trans>More {group.label}</Trans>
            </a>
          ) : null}
        </section>
      ))}
    </>
  )
}

searchPage.get('/search', async (c) => {
  const { lang, i18n } = c.var
  const title = i18n._(msg`Search`)
  const raw = c.req.query()
  const scope = SEARCH_SCOPES.find((s) => s === raw.type) ?? 'all'
  const query = (raw.q ?? '').trim()
  // Results pages are not for search engines: noindex, as Google asks of internal search.
  const page = (body: ReactNode) => c.render(body, { title: query ? `${title}: ${query}` : title, crumbs: [{ label: title }], noindex: true })

  if (!query) {
    return page(
      <>
        <SearchForm query="" scope={scope} />
        <ScopeTabs query="" scope={scope} />
        <p className="empty-state">
          <Trans>Type a club, player, competition or team to search. Arabic and English both work.</Trans>
        </p>
      </>,
    )
  }
  const read = readSearchParams(i18n, { q: query, type: scope, limit: String(scope === 'all' ? PAGE_LIMIT.all : PAGE_LIMIT.one) }, lang)
  if ('errors' in read) {
    return page(
      <>
        <SearchForm query={query} scope={scope} error={read.errors.q} />
        <ScopeTabs query="" scope={scope} />
      </>,
    )
  }
  // A signed-in reader's session (with a spoiler-free reader's reveals and follows) before the search (decision 139).
  const spoilers = await readerSpoilers(c)
  const response = await runSearch(c.var.db.sql, i18n, read.params, spoilers)
  return page(
    <>
      <SearchForm query={query} scope={scope} />
      <ScopeTabs query={query} scope={scope} />
      <Results response={response} />
    </>,
  )
})
