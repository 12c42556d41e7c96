// Readers' ratings of a post or a player (issue 5; spec §3–§5, §9). The page, the same for
// every visitor, renders the average and the count and, for readers without JavaScript, a
// plain form (a select and a button) with a link to sign in. Once this island runs it asks
// the server for the reader's own rating and turns the form into stars: a slider from 0 to
// 5 in steps of 0.5, with minus and plus buttons, a click on a star, and the keys. A guest
// who tries is invited to sign in and is brought back here afterwards.
import { useLingui } from '@lingui/react'
import { msg, plural } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { type CSSProperties, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { href, withQuery } from '../../lib/links.ts'
import { DEFAULT_LOCALE, isLocale, LOCALE_CONFIG, type Locale } from '../../lib/locales.ts'
import { clampRating, RATING_DEFAULTS, ratingFromStar, stepRating } from '../../lib/rating.ts'
import { Stars } from '../rating/stars.tsx'
import { type FormAnswer, send } from '../send-form.ts'
import { showToast } from '../show-toast.ts'
import { useHydrated } from '../use-hydrated.ts'

export interface RatingProps {
  type: 'post' | 'player'
  id: number
  /** The totals when the page was rendered; the island fetches fresh ones. */
  average: number
  count: number
  /** This page's path, where the form and a sign-in come back to. */
  page: string
}

type RatingData = { signedIn?: boolean; average?: number; count?: number; value?: number | null }
type RatingAnswer = FormAnswer<RatingData>

interface Totals {
  average: number
  count: number
}

/** The section's id: a sign-in comes back to it. */
const ANCHOR = 'rating'

type Arrow = 'ArrowLeft' | 'ArrowRight'

// Keys pressed in quick succession make one request, for the value they stop at.
const SAVE_DELAY_MS = 400

const VALUES = Array.from({ length: RATING_DEFAULTS.stars / RATING_DEFAULTS.step + 1 }, (_, i) => i * RATING_DEFAULTS.step)

function useLang(): Locale {
  const { i18n } = useLingui()
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
}

function formatRating(value: number, lang: Locale): string {
  return new Intl.NumberFormat(LOCALE_CONFIG[lang].intl, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)
}

function Summary({ totals }: { totals: Totals }) {
  const { i18n } = useLingui()
  const lang = useLang()
  const average = formatRating(totals.average, lang)
  const count = totals.count
  const ratings = new Intl.NumberFormat(LOCALE_CONFIG[lang].intl).format(count)
  return (
    <p className="rating-summary">
      <span className="rating-average" role="img" aria-label={i18n._(msg`Average rating: ${average} out of 5`)}>
        <Stars value={totals.average} size={20} />
      </span>
      <span>
        {count === 0 ? (
          <Trans>No ratings yet</Trans>
        ) : (
          <>
            <strong className="rating-average-value">{average}</strong>
            {' · '}
            <span className="rating-count">{i18n._(msg`${plural(count, { one: `${ratings} rating`, other: `${ratings} ratings` })}`)}</span>
          </>
        )}
      </span>
    </p>
  )
}

/** The page without JavaScript: a form that posts the choice, and the way to sign in first. */
function PlainForm({ type, id, page, login }: { type: string; id: number; page: string; login: string }) {
  const lang = useLang()
  return (
    <form className="rating-form" method="post" action={href(lang, 'ratings')}>
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={page} />
      <label>
        <Trans>Your rating</Trans>{' '}
        <select name="value" defaultValue="5">
          {VALUES.map((value) => (
            <option key={value} value={value}>
              {formatRating(value, lang)}
            </option>
          ))}
        </select>
      </label>{' '}
      <button className="button" type="submit">
        <Trans>Rate</Trans>
      </button>
      <p className="rating-hint">
        <Trans>
          Ratings come from signed-in readers. <a href={login}>Sign in to rate</a>
        </Trans>
      </p>
    </form>
  )
}

export default function Rating({ type, id, average, count, page }: RatingProps) {
  const { i18n } = useLingui()
  const lang = useLang()
  const enhanced = useHydrated()
  const [signedIn, setSignedIn] = useState<boolean | null>(null)
  const [totals, setTotals] = useState<Totals>({ average, count })
  const [value, setValue] = useState<number | null>(null)
  const [invited, setInvited] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const saved = useRef<number | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const invitation = useRef<HTMLAnchorElement>(null)
  const login = withQuery(href(lang, 'login'), { next: `${page}#${ANCHOR}` })
  const itemQuery = { type, id }

  function take(answer: RatingAnswer): void {
    const data = answer.data ?? {}
    if (typeof data.average === 'number' && typeof data.count === 'number') setTotals({ average: data.average, count: data.count })
    if (data.value !== undefined) {
      saved.current = data.value
      setValue(data.value)
    }
  }

  useEffect(() => {
    void send<RatingData>(withQuery(href(lang, 'ratings'), itemQuery), i18n).then((answer) => {
      if (answer.status !== 200) return setSignedIn(false)
      setSignedIn(answer.data?.signedIn === true)
      if (answer.data?.signedIn) take(answer)
    })
    return () => clearTimeout(timer.current)
    // The item is fixed for the island's life: one read when it wakes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (invited) invitation.current?.focus()
  }, [invited])

  function refused(answer: RatingAnswer): void {
    if (answer.status === 401) {
      setSignedIn(false)
      setInvited(true)
    } else showToast({ type: 'error', message: answer.message })
    setValue(saved.current)
  }

  async function post(action: string, fields: Record<string, string>): Promise<void> {
    const body = new FormData()
    for (const [name, field] of Object.entries({ type, id: String(id), back: page, ...fields })) body.set(name, field)
    const answer = await send<RatingData>(action, i18n, body)
    if (answer.status !== 200) return refused(answer)
    take(answer)
    // The stars and the line under them show the change; a screen reader hears it said.
    setAnnouncement(answer.message)
  }

  function choose(next: number): void {
    // Until the server has said who is reading, a click cannot be judged: it waits for that.
    if (signedIn === null) return
    if (!signedIn) {
      setInvited(true)
      return
    }
    const rating = clampRating(next)
    setValue(rating)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (rating !== saved.current) void post(href(lang, 'ratings'), { value: String(rating) })
    }, SAVE_DELAY_MS)
  }

  function remove(): void {
    clearTimeout(timer.current)
    void post(href(lang, 'ratingsRemove'), {})
  }

  const current = value ?? 0
  const rtl = LOCALE_CONFIG[lang].dir === 'rtl'

  function onKeyDown(event: KeyboardEvent<HTMLElement>): void {
    // In Arabic the stars run right to left, so the left arrow raises the rating.
    const raise: Arrow = rtl ? 'ArrowLeft' : 'ArrowRight'
    const lower: Arrow = rtl ? 'ArrowRight' : 'ArrowLeft'
    const moves: Record<string, () => number> = {
      [raise]: () => stepRating(current, 1),
      ArrowUp: () => stepRating(current, 1),
      [lower]: () => stepRating(current, -1),
      ArrowDown: () => stepRating(current, -1),
      PageUp: () => clampRating(current + 1),
      PageDown: () => clampRating(current - 1),
      Home: () => 0,
      End: () => RATING_DEFAULTS.stars,
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    choose(move())
  }

  const shown = formatRating(current, lang)
  const of = formatRating(RATING_DEFAULTS.stars, lang)
  return (
    <section
      className="rating"
      id={ANCHOR}
      aria-labelledby="rating-title"
      data-reader={signedIn === null ? undefined : signedIn ? 'signed-in' : 'guest'}
    >
      <h2 id="rating-title" className="rating-title">
        {type === 'post' ? <Trans>Rate this post</Trans> : <Trans>Rate this player</Trans>}
      </h2>
      <Summary totals={totals} />
      {!enhanced ? (
        <PlainForm type={type} id={id} page={page} login={login} />
      ) : (
        <div className="rating-control" style={{ '--control-size': `${RATING_DEFAULTS.controlSize}px` } as CSSProperties}>
          <button type="button" className="rating-step" aria-label={i18n._(msg`Lower my rating`)} onClick={() => choose(stepRating(current, -1))}>
            −
          </button>
          <span
            className="rating-slider"
            role="slider"
            tabIndex={0}
            aria-label={i18n._(msg`Your rating`)}
            aria-valuemin={0}
            aria-valuemax={RATING_DEFAULTS.stars}
            aria-valuenow={current}
            aria-valuetext={value === null ? i18n._(msg`Not rated`) : i18n._(msg`${shown} out of ${of} stars`)}
            aria-orientation="horizontal"
            onKeyDown={onKeyDown}
          >
            <Stars value={current} onPick={(index, half) => choose(ratingFromStar(index, half))} />
          </span>
          <button type="button" className="rating-step" aria-label={i18n._(msg`Raise my rating`)} onClick={() => choose(stepRating(current, 1))}>
            +
          </button>
        </div>
      )}
      {enhanced && signedIn && value !== null ? (
        <p className="rating-own">
          <Trans>
            Your rating: <strong>{shown}</strong>
          </Trans>{' '}
          <button type="button" className="button button-quiet rating-remove" onClick={remove}>
            <Trans>Remove my rating</Trans>
          </button>
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {invited ? (
        <p className="rating-invite" role="status">
          <Trans>Only signed-in readers can rate.</Trans>{' '}
          <a ref={invitation} href={login}>
            <Trans>Sign in to rate</Trans>
          </a>
        </p>
      ) : null}
    </section>
  )
}
