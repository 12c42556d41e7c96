// A club's or a competition's matches as an iCalendar feed (RFC 5545; issue 26, section 4;
// decision 125), written by ical-generator, which needs nothing of Node's and runs in workerd.
// Times are UTC, so the feed carries no VTIMEZONE; each match keeps one UID for good, and its
// SEQUENCE and LAST-MODIFIED move with every change a calendar shows (matches.schedule_revision),
// so a subscribed calendar moves a rescheduled match and drops a called-off one.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import * as v from 'valibot'
import { STATUS_WORDS } from '../../client/live/live-words.ts'
import { COUNTRY_CODES, type CountryCode, countryName } from '../../lib/countries.ts'
import { commentaryLanguageName } from '../../lib/languages.ts'
import { href } from '../../lib/links.ts'
import { type ShownStatus, shownStatus } from '../../lib/live.ts'
import { localized, placeName } from '../../lib/localized.ts'
import { type Locale, otherLocale } from '../../lib/locales.ts'
import type { Feed, FeedBroadcast, FeedMatch } from '../db/calendars.ts'
import { siteOrigin } from '../mail/site-url.ts'
import type { AppEnv } from '../types.ts'
import { roundLabel } from './round-labels.ts'

/** How long a calendar blocks for a match: two halves, the break and stoppage time. */
const MATCH_MS = 2 * 60 * 60 * 1000

/** How often a subscribed calendar should ask again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 3 * 60 * 60

/** The statuses a calendar removes the event for (STATUS:CANCELLED): the match is not played then. */
const CALLED_OFF = new Set<ShownStatus>(['postponed', 'cancelled'])

interface FeedWords {
  i18n: I18n
  lang: Locale
  origin: string
  country: CountryCode | undefined
  /** When the feed is written: a match long past its kick-off without a result awaits it. */
  now: number
}

/** A commentator's name in the feed's language, else the other. */
function commentatorName(commentator: FeedBroadcast['commentators'][number], lang: Locale): string {
  return commentator[lang] || commentator[otherLocale(lang)] || ''
}

/** One channel line: "• beIN Sports 1, commentary: Issam Chawali (Arabic)". */
function broadcastLine(broadcast: FeedBroadcast, { i18n, lang }: FeedWords): string {
  const channel = localized(broadcast.channel, lang)
  const names = new Intl.ListFormat(lang, { type: 'conjunction' }).format(
    broadcast.commentators.map((c) => commentatorName(c, lang)).filter(Boolean),
  )
  const language = broadcast.language ? commentaryLanguageName(broadcast.language, lang) : ''
  if (names && language) return `• ${i18n._(msg`${channel}, commentary: ${names} (${language})`)}`
  if (names) return `• ${i18n._(msg`${channel}, commentary: ${names}`)}`
  if (language) return `• ${i18n._(msg`${channel}, commentary in ${language}`)}`
  return `• ${channel}`
}

/** What the event says beyond its title: competition and round, its state, where to watch, the link. */
function description(match: FeedMatch, url: string, words: FeedWords): string {
  const { i18n, lang, country, now } = words
  const lines = [`${localized(match.competition, lang)} ${match.season}`]
  const round = roundLabel(i18n, match.round)
  if (round) lines.push(round)
  const status = shownStatus(match.status, match.kickoff, now)
  if (CALLED_OFF.has(status) || status === 'result_awaited') lines.push(i18n._(STATUS_WORDS[status]))
  else if (!match.timeKnown) lines.push(i18n._(msg`Kick-off time to be confirmed.`))
  if (country) {
    const where = countryName(country, lang)
    lines.push('')
    if (match.broadcasts.length === 0) lines.push(i18n._(msg`No channel announced yet in ${where}.`))
    else lines.push(i18n._(msg`Where to watch in ${where}:`), ...match.broadcasts.map((b) => broadcastLine(b, words)))
  }
  lines.push('', url)
  return lines.join('\n')
}

/** The feed's text: one VEVENT per match. */
export function calendarText(feed: Feed, words: FeedWords, source: string): string {
  const { i18n, lang, origin, country } = words
  const name = localized(feed.name, lang)
  const where = country && countryName(country, lang)
  const calendar = ical({
    name: where ? i18n._(msg`${name}: fixtures and channels in ${where}`) : i18n._(msg`${name}: fixtures on Hadaf`),
    prodId: { company: 'Hadaf', product: 'Fixtures', language: lang.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    source,
    ttl: REFRESH_SECONDS,
  })
  const host = new URL(origin).host
  for (const match of feed.matches) {
    const kickoff = new Date(match.kickoff)
    const url = new URL(href(lang, 'match', { id: match.id }), origin).href
    const home = localized(match.home, lang)
    const away = localized(match.away, lang)
    calendar.createEvent({
      id: `match-${match.id}@${host}`,
      // A kick-off without a time is a day: an all-day event rather than a made-up hour.
      start: kickoff,
      end: match.timeKnown ? new Date(kickoff.getTime() + MATCH_MS) : null,
      allDay: !match.timeKnown,
      summary: i18n._(msg`${home} v ${away}`),
      location: match.venue && placeName(match.venue, lang),
      description: description(match, url, words),
      url,
      sequence: match.revision,
      lastModified: new Date(match.revisedAt),
      status: CALLED_OFF.has(match.status) ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    })
  }
  return calendar.toString()
}

/**
 * The feed at `address` (its path and query) as the route answers it: its own type, its
 * addresses on the site's configured origin, and with `country` where each match is on there.
 */
export function calendarAnswer(c: Context<AppEnv>, feed: Feed, address: string, country: CountryCode | undefined): Response {
  // UIDs and links come from SITE_URL, not the Host header: a UID must never change with the address a feed was fetched at.
  const origin = siteOrigin(c)
  const source = new URL(address, origin).href
  const text = calendarText(feed, { i18n: c.var.i18n, lang: c.var.lang, origin, country, now: Date.now() }, source)
  return c.body(text, 200, { 'Content-Type': 'text/calendar; charset=utf-8' })
}

/** `?country=EG` (any case): the feed also says where each match is on in that country. */
export const FeedQuery = v.object({
  country: v.optional(v.pipe(v.string(), v.toUpperCase(), v.picklist(COUNTRY_CODES))),
})

/**
 * A country we do not know is a 422 in the feed's language, as plain text: a calendar app
 * shows a failed subscription, where a feed without the channels would look like one with
 * none announced (decision 125).
 */
export function refuseCountry(c: Context<AppEnv>): Response {
  return c.text(c.var.i18n._(msg`Unknown country code. Use a two-letter ISO 3166-1 code, such as EG.`), 422)
}
