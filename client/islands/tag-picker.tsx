// The post editor's tags (issue 15): what the post is about, picked by searching clubs,
// players, competitions and matches. Rendered on the server, it works without JavaScript:
// each chosen tag is a ticked box (untick to remove), and the search box's button saves the
// form and comes back with what it found, each with an "Add" button that saves it in. Once
// the island runs, the box is a combobox (the ARIA 1.2 pattern): it asks as it is typed in,
// arrow keys move through the options, Enter or a click adds one to the ticked boxes, and
// Escape closes the list. Autosave hears the change.
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { withQuery } from '../../lib/links.ts'
import { DEFAULT_LOCALE, isLocale } from '../../lib/locales.ts'
import { type TagOption, tagValue } from '../../lib/tag-option.ts'
import { useHydrated } from '../use-hydrated.ts'

export interface TagPickerProps {
  chosen: TagOption[]
  /** The search the page was drawn for, and what it found; null when there was none. */
  q: string
  results: TagOption[] | null
  /** Where the combobox asks (`?q=`): JSON `{ data: TagOption[] }`. */
  lookup: string
  error?: string | undefined
}

const TYPE_NAMES = {
  club: msg`Club`,
  player: msg`Player`,
  competition: msg`Competition`,
  match: msg`Match`,
}

const ASK_DELAY_MS = 250

function TagName({ tag }: { tag: TagOption }) {
  const { i18n } = useLingui()
  const lang = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  return (
    <>
      {`${i18n._(TYPE_NAMES[tag.type])}: `}
      <bdi>{tag.label[lang]}</bdi>
    </>
  )
}

export default function TagPicker({ chosen: initial, q, results, lookup, error }: TagPickerProps) {
  const { i18n } = useLingui()
  const enhanced = useHydrated()
  const [chosen, setChosen] = useState(initial)
  const [query, setQuery] = useState(q)
  const [options, setOptions] = useState<TagOption[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const root = useRef<HTMLFieldSetElement>(null)
  const added = useRef(false)
  const chosenValues = new Set(chosen.map(tagValue))

  // Ask for what the box holds, a moment after the typing stops.
  useEffect(() => {
    if (!enhanced || query.trim() === '' || query === q) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      fetch(withQuery(lookup, { q: query.trim() }), { signal: controller.signal, credentials: 'same-origin' })
        .then((res) => res.json() as Promise<{ data?: TagOption[] }>)
        .then((answer) => {
          setOptions(answer.data ?? [])
          setOpen(true)
          setActive(-1)
        })
        .catch(() => undefined)
    }, ASK_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [enhanced, query, q, lookup])

  // A tag added by the combobox is a new ticked box: the form changed, and autosave should hear it.
  useEffect(() => {
    if (!added.current) return
    added.current = false
    root.current?.dispatchEvent(new Event('change', { bubbles: true }))
  }, [chosen])

  const shown = options.filter((option) => !chosenValues.has(tagValue(option)))

  function add(option: TagOption): void {
    added.current = true
    setChosen((list) => [...list, option])
    setQuery('')
    setOpen(false)
    setActive(-1)
  }

  function onKey(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => (shown.length === 0 ? -1 : (index + step + shown.length) % shown.length))
    } else if (event.key === 'Enter') {
      // Enter never submits the editor from here: it adds the option it is on.
      event.preventDefault()
      const option = shown[active] ?? (shown.length === 1 ? shown[0] : undefined)
      if (open && option) add(option)
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

  const found = results?.filter((tag) => !chosenValues.has(tagValue(tag))) ?? []
  return (
    <fieldset className="desk-tags" ref={root}>
      <legend>{i18n._(msg`Tags`)}</legend>
      {error ? (
        <p className="field-error" id="desk-tags-error">
          {error}
        </p>
      ) : null}
      {chosen.length === 0 ? (
        <p className="desk-muted">{i18n._(msg`No tags yet. Search for a club, a player, a competition or a match.`)}</p>
      ) : (
        <ul className="desk-tag-list">
          {chosen.map((tag) => (
            <li key={tagValue(tag)}>
              <label>
                <input type="checkbox" name="tags" value={tagValue(tag)} defaultChecked />
                <TagName tag={tag} />
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="field-hint">{i18n._(msg`Untick a tag to remove it when you save.`)}</p>
      <div className="form-field desk-combobox">
        <label htmlFor="desk-tag-q">{i18n._(msg`Find a tag`)}</label>
        <div className="desk-tag-search">
          {enhanced ? (
            <input
              id="desk-tag-q"
              type="text"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={open && query.trim() !== ''}
              aria-controls="desk-tag-options"
              aria-activedescendant={open && active >= 0 ? `desk-tag-option-${active}` : undefined}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value)
                if (event.target.value.trim() === '') setOpen(false)
              }}
              onKeyDown={onKey}
              onBlur={() => setOpen(false)}
            />
          ) : (
            <>
              <input id="desk-tag-q" name="tagq" type="search" defaultValue={q} />
              <button className="button button-quiet" type="submit" name="tagsearch" value="1">
                {i18n._(msg`Search`)}
              </button>
            </>
          )}
        </div>
        {enhanced ? (
          <ul id="desk-tag-options" className="desk-tag-options" role="listbox" aria-label={i18n._(msg`Tags found`)} hidden={!open || query.trim() === ''}>
            {shown.length === 0 ? (
              <li role="option" aria-disabled="true" aria-selected="false" className="desk-muted">
                {i18n._(msg`Nothing found.`)}
              </li>
            ) : (
              shown.map((option, index) => (
                <li
                  key={tagValue(option)}
                  id={`desk-tag-option-${index}`}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => add(option)}
                >
                  <TagName tag={option} />
                </li>
              ))
            )}
          </ul>
        ) : null}
      </div>
      {results !== null ? (
        found.length === 0 ? (
          <p className="desk-muted" role="status">
            {i18n._(msg`Nothing found.`)}
          </p>
        ) : (
          <ul className="desk-tag-results" aria-label={i18n._(msg`Tags found`)}>
            {found.map((tag) => (
              <li key={tagValue(tag)}>
                <span>
                  <TagName tag={tag} />
                </span>{' '}
                <button className="button button-quiet" type="submit" name="tags.add" value={tagValue(tag)}>
                  {i18n._(msg`Add`)}
                  <span className="visually-hidden">
                    {' '}
                    <TagName tag={tag} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </fieldset>
  )
}
