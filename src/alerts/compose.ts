// Writes an event's alert in a device's language (decision 136). Every name is wrapped in
// Unicode's first-strong isolate (U+2068 … U+2069), so an English name in an Arabic line, or an
// Arabic name in an English one, neither reorders the words around it nor pulls the score into
// its own direction. The score's dash is an en dash, a neutral: between the two numbers of an
// Arabic line it takes the line's direction, so the home score stays beside the home club. One
// topic per match (a newer alert replaces one still undelivered), a short TTL for live events
// (stale news of a goal is worse than none) and high urgency for goals and their corrections.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AlertKind } from '../../lib/alert-kinds.ts'
import { href, postHref } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import type { MatchNames, PostHeadline } from '../db/alerts.ts'
import type { Alert } from '../push/send.ts'
import type { MatchAlertEvent, NewsAlertEvent } from './events.ts'

/** How long a push service keeps a live alert for a device that is offline. */
export const LIVE_TTL_SECONDS = 300
/** News stays news for a day. */
export const NEWS_TTL_SECONDS = 24 * 60 * 60

const URGENCY: Record<AlertKind, Alert['urgency']> = {
  goal: 'high',
  correction: 'high',
  'red-card': 'normal',
  'penalty-missed': 'normal',
  'kick-off': 'normal',
  'half-time': 'normal',
  'full-time': 'normal',
  'team-sheets': 'normal',
  news: 'low',
}

/** A name as a bidi island: U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE. */
export const isolate = (name: string) => `\u2068${name}\u2069`

/** 67′, or 90+3′ in stoppage time. */
function minuteOf(event: MatchAlertEvent): string {
  if (event.minute === null) return ''
  return `${event.minute}${event.stoppage ? `+${event.stoppage}` : ''}′`
}

function headline(i18n: I18n, event: MatchAlertEvent, player: string, minute: string): string {
  switch (event.kind) {
    case 'goal':
      return i18n._(msg`Goal! ${player} ${minute}`)
    case 'red-card':
      return i18n._(msg`Red card: ${player} ${minute}`)
    case 'penalty-missed':
      return i18n._(msg`Penalty missed: ${player} ${minute}`)
    case 'correction':
      return player ? i18n._(msg`Goal disallowed: ${player}`) : i18n._(msg`Goal disallowed`)
    case 'kick-off':
      return i18n._(msg`The match has kicked off`)
    case 'half-time':
      return i18n._(msg`Half-time`)
    case 'full-time':
      return i18n._(msg`Full-time`)
    case 'team-sheets':
      return i18n._(msg`The team sheets are out`)
  }
}

/** "Liverpool 2–1 Arsenal", names already isolated. */
function scoreline(i18n: I18n, home: string, [homeGoals, awayGoals]: [number, number], away: string): string {
  return i18n._(msg`${home} ${homeGoals}–${awayGoals} ${away}`)
}

export function composeMatchAlert(i18n: I18n, lang: Locale, event: MatchAlertEvent, names: MatchNames): Alert {
  const home = isolate(localized(names.home, lang))
  const away = isolate(localized(names.away, lang))
  const playerName = (names.player && localized(names.player, lang)) || event.playerName
  const player = playerName ? isolate(playerName) : ''
  return {
    kind: event.kind,
    title: headline(i18n, event, player, minuteOf(event)),
    body: event.score ? scoreline(i18n, home, event.score, away) : i18n._(msg`${home} v ${away}`),
    url: href(lang, 'match', { id: event.matchId }),
    lang,
    topic: `m${event.matchId}`,
    ttl: LIVE_TTL_SECONDS,
    urgency: URGENCY[event.kind],
  }
}

export function composeNewsAlert(i18n: I18n, lang: Locale, event: NewsAlertEvent, post: PostHeadline): Alert {
  return {
    kind: 'news',
    title: i18n._(msg`News of what you follow`),
    body: isolate(localized(post.title, lang)),
    url: postHref(lang, post),
    lang,
    topic: `p${event.postId}`,
    ttl: NEWS_TTL_SECONDS,
    urgency: URGENCY.news,
  }
}
