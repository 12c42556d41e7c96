// Writes an event's alert in a device's language (decision 136). Every name is wrapped in
// Unicode's first-strong isolate (U+2068 … U+2069), so an English name in an Arabic line, or an
// Arabic name in an English one, neither reorders the words around it nor pulls the score into
// its own direction. The score's dash is an en dash, a neutral: between the two numbers of an
// Arabic line it takes the line's direction, so the home score stays beside the home club. One
// topic per match (a newer alert replaces one still undelivered), a short TTL for live events
// (stale news of a goal is worse than none) and high urgency for goals and their corrections.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type AlertKind, isSpoilingKind, type SpoilingKind } from '../../lib/alert-kinds.ts'
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
  red_card: 'normal',
  penalty_missed: 'normal',
  kickoff: 'normal',
  half_time: 'normal',
  full_time: 'normal',
  lineups: 'normal',
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
    case 'red_card':
      return i18n._(msg`Red card: ${player} ${minute}`)
    case 'penalty_missed':
      return i18n._(msg`Penalty missed: ${player} ${minute}`)
    case 'correction':
      return player ? i18n._(msg`Goal disallowed: ${player}`) : i18n._(msg`Goal disallowed`)
    case 'kickoff':
      return i18n._(msg`The match has kicked off`)
    case 'half_time':
      return i18n._(msg`Half-time`)
    case 'full_time':
      return i18n._(msg`Full-time`)
    case 'lineups':
      return i18n._(msg`The team sheets are out`)
  }
}

/** "Liverpool 2–1 Arsenal", names already isolated. */
function scoreline(i18n: I18n, home: string, [homeGoals, awayGoals]: [number, number], away: string): string {
  return i18n._(msg`${home} ${homeGoals}–${awayGoals} ${away}`)
}

/**
 * What a spoiler-free reader is told (decision 141): that something happened, and in which
 * match, without who, when or the score. `fixture` is "Liverpool – Arsenal", names isolated.
 */
function vagueHeadline(i18n: I18n, kind: SpoilingKind, fixture: string): string {
  switch (kind) {
    case 'goal':
      return i18n._(msg`Goal in ${fixture}`)
    case 'red_card':
      return i18n._(msg`Red card in ${fixture}`)
    case 'penalty_missed':
      return i18n._(msg`Penalty missed in ${fixture}`)
    case 'correction':
      return i18n._(msg`Goal disallowed in ${fixture}`)
    case 'half_time':
      return i18n._(msg`Half-time in ${fixture}`)
    case 'full_time':
      return i18n._(msg`Full-time in ${fixture}`)
  }
}

/**
 * How much of the event the alert tells: `full` (the scorer, the minute, the score), or `vague`
 * for a reader who keeps this match's score hidden (decision 141). Kick-off and the team sheets
 * carry no score either way, so they are the same for both.
 */
export type Telling = 'full' | 'vague'

export function composeMatchAlert(i18n: I18n, lang: Locale, event: MatchAlertEvent, names: MatchNames, telling: Telling = 'full'): Alert {
  const home = isolate(localized(names.home, lang))
  const away = isolate(localized(names.away, lang))
  const playerName = (names.player && localized(names.player, lang)) || event.playerName
  const player = playerName ? isolate(playerName) : ''
  const fixture = i18n._(msg`${home} – ${away}`)
  const vague = telling === 'vague' && isSpoilingKind(event.kind)
  const [title, body] = vague
    ? [vagueHeadline(i18n, event.kind as SpoilingKind, fixture), i18n._(msg`Spoiler-free: the score stays hidden until you show it.`)]
    : [
        headline(i18n, event, player, minuteOf(event)),
        // Kick-off and the team sheets name the match only: a team sheet may come out after
        // kick-off, and its alert is not the place for a score (decision 141).
        event.score && isSpoilingKind(event.kind) ? scoreline(i18n, home, event.score, away) : i18n._(msg`${home} v ${away}`),
      ]
  return {
    kind: event.kind,
    title,
    body,
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
