// The live parts redrawn in the browser without React: the same markup as the server's
// StatusBadge, ScoreDigits and Timeline (client/live/scoreboard.tsx, timeline.tsx), built
// with the DOM from the words the server resolved (client/live/live-words.ts). Names come
// in as text nodes, never as markup.
import { formatCountdown } from '../../lib/countdown.ts'
import { type MatchEvent, minuteText, type ScorePair } from '../../lib/live.ts'
import { href } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import type { BadgeFields } from './scoreboard.tsx'
import type { ScoreWords, StatusWords, TimelineWords } from './live-words.ts'
import { fill, splitAround, unwrap } from './templates.ts'

type Child = Node | string | null

export function h(tag: string, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  // appendChild, not append: the Workers types give Element an HTMLRewriter append.
  for (const child of children) if (child !== null) element.appendChild(typeof child === 'string' ? document.createTextNode(child) : child)
  return element
}

export function drawBadge(match: BadgeFields, words: StatusWords): HTMLElement {
  const label = match.replayOf !== null ? words.replay : match.demo ? words.demo : null
  return h(
    'span',
    { class: `status-badge status-${match.status}` },
    words.status[match.status],
    ...(match.status === 'live' && match.minute !== null ? [' ', h('bdi', { dir: 'ltr' }, `${match.minute}′`)] : []),
    label ? h('span', { class: 'demo-label' }, ` ${label}`) : null,
  )
}

export function drawScore(score: ScorePair | null, pen: ScorePair | null, words: ScoreWords): HTMLElement {
  if (!score) return h('span', { class: 'score score-pending' }, '–')
  const [home, away] = score
  return h(
    'span',
    { class: 'score', role: 'img', 'aria-label': fill(words.score, { home, away }) },
    h('span', { class: 'score-home' }, String(home)),
    h('span', { class: 'score-sep', 'aria-hidden': 'true' }, '-'),
    h('span', { class: 'score-away' }, String(away)),
    pen ? drawPenalties(pen, words) : null,
  )
}

function drawPenalties([home, away]: ScorePair, words: ScoreWords): HTMLElement {
  const [before, inside, after] = unwrap(words.pens)
  return h('span', { class: 'score-pens' }, before, h('span', { class: 'score-inline' }, fill(inside, { home, away })), after)
}

/** "Kick-off in 2 minutes, 5 seconds", the time a timer the screen reader leaves alone. */
export function drawCountdown(seconds: number, locale: string, words: StatusWords): HTMLElement {
  const [before, after] = splitAround(words.kickoffIn, 'countdown')
  return h(
    'p',
    { class: 'match-countdown' },
    before,
    h('span', { class: 'countdown', role: 'timer' }, formatCountdown(seconds, locale, 'long')),
    after,
  )
}

export function drawTimeline(events: MatchEvent[], lang: Locale, words: TimelineWords): HTMLElement | null {
  if (events.length === 0) return null
  const items = events.map((e) => {
    const name = h('bdi', {}, localized(e.player, lang) || e.playerName)
    return h(
      'li',
      { class: `timeline-event side-${e.side === 1 ? 'home' : 'away'} event-${e.kind}` },
      h('bdi', { dir: 'ltr', class: 'timeline-minute' }, minuteText(e)),
      h('span', { class: 'timeline-kind' }, words.events[e.kind]),
      e.playerId ? h('a', { href: href(lang, 'player', { id: e.playerId }) }, name) : h('bdi', {}, e.playerName),
    )
  })
  return h(
    'section',
    { 'aria-labelledby': 'timeline-title' },
    h('h2', { id: 'timeline-title' }, words.title),
    h('ol', { class: 'timeline' }, ...items),
  )
}
