// The search modal (spec: "a search modal with a header"). Server-rendered it is only the
// header's search link to /{lang}/search, which works without JavaScript. The island
// hydrates on interaction; the entry wakes it early on a click, "/" or Ctrl/⌘+K
// (client/entry.ts, data-wake), so no page pays for the modal before it is wanted.
//
// Inside: a combobox input with a listbox of grouped results (arrow keys move the active
// option, Enter follows it), scope buttons, recent searches, focus kept in the dialog, and
// Escape closing it with focus back where it was.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { SEARCH_SCOPES, type SearchResponse, type SearchResult, type SearchScope } from '../../lib/search-scopes.ts'
import { SearchIcon } from '../../lib/icons.tsx'
import { whenWoken } from '../island-wake.ts'
import { trapFocus } from '../search/focus-trap.ts'
import { forgetSearches, readRecentSearches, rememberSearch } from '../search/recent-searches.ts'
import { SearchResultBody } from '../search/result-body.tsx'
import { useScopeLabels } from '../search/scope-labels.ts'
import { useSearch } from '../search/use-search.ts'

export interface SearchModalProps {
  lang: 'ar' | 'en'
  /** The no-JavaScript search page, /{lang}/search. */
  searchPath: string
}

export default function SearchModal({ lang, searchPath }: SearchModalProps) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const [wakeCount, setWakeCount] = useState(0)
  const link = useRef<HTMLAnchorElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)

  // The entry wakes the island on a click or shortcut, even before this code ran.
  useEffect(() => {
    const marker = link.current?.parentElement
    if (!marker) return
    return whenWoken(marker, () => {
      if (!returnFocus.current) returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      setOpen(true)
      setWakeCount((n) => n + 1)
    })
  }, [])

  const close = useCallback(() => {
    setOpen(false)
    const target = returnFocus.current
    returnFocus.current = null
    // After the dialog is gone, so focus does not land inside it.
    requestAnimationFrame(() => (target && target.isConnected ? target : link.current)?.focus())
  }, [])

  return (
    <>
      <a
        ref={link}
        className="header-action"
        href={searchPath}
        aria-label={t`Search`}
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
      >
        <SearchIcon />
      </a>
      {open ? createPortal(<SearchDialog lang={lang} searchPath={searchPath} focusRequest={wakeCount} onClose={close} />, document.body) : null}
    </>
  )
}

interface Option {
  id: string
  /** A result's page, or a recent search to run again. */
  result?: SearchResult
  recent?: string
}

function SearchDialog({ lang, searchPath, focusRequest, onClose }: { lang: 'ar' | 'en'; searchPath: string; focusRequest: number; onClose: () => void }) {
  const { t } = useLingui()
  const scopeLabels = useScopeLabels()
  const ids = useId()
  const titleId = useId()
  const listId = useId()
  const recentId = useId()
  const dialog = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState('')
  const [scope, setScope] = useState<SearchScope>('all')
  const [recent, setRecent] = useState<string[]>(readRecentSearches)
  const [activeId, setActiveId] = useState<string | null>(null)
  const state = useSearch(query, scope, lang)
  const response: SearchResponse | null = state.status === 'done' ? state.response : state.status === 'loading' ? state.previous : null
  const showRecent = query.trim() === '' && recent.length > 0

  const options: Option[] = useMemo(() => {
    if (showRecent) return recent.map((q, i) => ({ id: `${ids}-recent-${i}`, recent: q }))
    return (response?.groups ?? []).flatMap((g) => g.results.map((r) => ({ id: `${ids}-${g.type}-${r.id}`, result: r })))
  }, [showRecent, recent, response, ids])

  // The option the arrows point at, by id: a new list of results has none until they move.
  const active = options.findIndex((o) => o.id === activeId)

  // Each wake (the button again, "/" or Ctrl+K while open) brings the caret back to the field.
  useEffect(() => input.current?.focus(), [focusRequest])

  useEffect(() => {
    document.documentElement.classList.add('search-open')
    return () => document.documentElement.classList.remove('search-open')
  }, [])

  const fullSearch = `${searchPath}?${new URLSearchParams({ q: query.trim(), ...(scope === 'all' ? {} : { type: scope }) })}`

  function choose(option: Option | undefined) {
    if (option?.recent !== undefined) {
      setQuery(option.recent)
      input.current?.focus()
      return
    }
    if (query.trim()) setRecent(rememberSearch(query.trim()))
    window.location.assign(option?.result ? option.result.url : fullSearch)
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
    } else if (event.key === 'Tab') {
      trapFocus(event, dialog.current)
    } else if (event.target === input.current && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault()
      if (options.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      const next = active < 0 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length
      setActiveId(options[next]!.id)
    } else if (event.target === input.current && event.key === 'Enter') {
      event.preventDefault()
      if (active >= 0 || query.trim()) choose(options[active])
    }
  }

  useEffect(() => {
    if (active >= 0) document.getElementById(options[active]!.id)?.scrollIntoView({ block: 'nearest' })
  }, [active, options])

  const total = response?.total ?? 0
  const settled = state.status === 'done'

  return (
    <div className="search-modal-root">
      <div className="search-overlay" onClick={onClose} aria-hidden="true" />
      <div ref={dialog} className="search-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="search-modal-header">
          <h2 id={titleId} className="visually-hidden">
            <Trans>Search</Trans>
          </h2>
          <div className="search-modal-field">
            <SearchIcon />
            <input
              ref={input}
              type="search"
              role="combobox"
              aria-label={t`Search clubs, players, competitions, matches and posts`}
              aria-expanded={options.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={active >= 0 ? options[active]!.id : undefined}
              placeholder={t`Search Hadaf`}
              value={query}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              onChange={(e) => setQuery(e.target.value)}
            />
            <button type="button" className="search-modal-close" onClick={onClose}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">
                <Trans>Close search</Trans>
              </span>
            </button>
          </div>
          <div className="search-scopes" role="group" aria-label={t`Search in`}>
            {SEARCH_SCOPES.map((s) => (
              <button key={s} type="button" className="search-scope" aria-pressed={s === scope} onClick={() => setScope(s)}>
                {scopeLabels[s]}
              </button>
            ))}
          </div>
        </div>

        <div className="search-modal-body" aria-busy={state.status === 'loading'}>
          <div id={listId} role="listbox" className="search-listbox" aria-label={showRecent ? t`Recent searches` : t`Results`}>
            {showRecent ? (
              <RecentOptions recent={recent} options={options} active={active} onChoose={choose} titleId={recentId} />
            ) : (
              response?.groups.map((group) => (
                // The grouped listbox of the WAI-ARIA practices: each group named by its first, presentational item.
                <ul key={group.type} role="group" className="search-group" aria-labelledby={`${ids}-${group.type}`}>
                  <li role="presentation" id={`${ids}-${group.type}`} className="search-group-label">
                    {group.label}
                  </li>
                  {group.results.map((r) => {
                    const id = `${ids}-${group.type}-${r.id}`
                    const index = options.findIndex((o) => o.id === id)
                    return (
                      <li
                        key={r.id}
                        id={id}
                        role="option"
                        aria-selected={index === active}
                        className="search-result"
                        onMouseMove={() => setActiveId(id)}
                        onClick={() => choose(options[index])}
                      >
                        <SearchResultBody result={r} />
                      </li>
                    )
                  })}
                </ul>
              ))
            )}
          </div>

          {showRecent ? (
            <button
              type="button"
              className="search-clear-recent button-quiet"
              onClick={() => {
                forgetSearches()
                setRecent([])
                input.current?.focus()
              }}
            >
              <Trans>Clear recent searches</Trans>
            </button>
          ) : null}
          {query.trim() === '' && !showRecent ? (
            <p className="search-hint">
              <Trans>Type a club, player, competition or team to search. Arabic and English both work.</Trans>
            </p>
          ) : null}
          {settled && total === 0 ? (
            <p className="search-empty">
              <Trans>
                No results for “<bdi>{state.response.query}</bdi>”. Check the spelling or try another name.
              </Trans>
            </p>
          ) : null}
          {state.status === 'failed' ? (
            <p className="search-empty" role="alert">
              <Trans>Search is not available just now. Please try again.</Trans>
            </p>
          ) : null}
          {total > 0 ? (
            <a className="search-all-link" href={fullSearch} onClick={() => query.trim() && rememberSearch(query.trim())}>
              <Trans>See all results</Trans>
            </a>
          ) : null}
          <p className="visually-hidden" role="status">
            {settled ? <Plural value={total} one="# result" other="# results" /> : null}
          </p>
        </div>
      </div>
    </div>
  )
}

function RecentOptions({
  recent,
  options,
  active,
  onChoose,
  titleId,
}: {
  recent: string[]
  options: Option[]
  active: number
  onChoose: (option: Option | undefined) => void
  titleId: string
}) {
  return (
    <ul role="group" className="search-group" aria-labelledby={titleId}>
      <li role="presentation" id={titleId} className="search-group-label">
        <Trans>Recent searches</Trans>
      </li>
      {recent.map((q, i) => (
        <li key={q} id={options[i]?.id} role="option" aria-selected={i === active} className="search-result search-recent" onClick={() => onChoose(options[i])}>
          <bdi>{q}</bdi>
        </li>
      ))}
    </ul>
  )
}
