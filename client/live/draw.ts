// The live parts redrawn in the browser without React: the same markup as the server's
// StatusBadge, ScoreDigits and Timeline (client/live/scoreboard.tsx, timeline.tsx), built
// with the DOM from the words the server resolved (client/live/live-words.ts). Names come
// in as text nodes, never as markup.
import { formatCountdown } from '../../lib/countdown.ts'
import { badgeMinute, type CommentaryEntry, type Lineup, type LineupPlayer, type Lineups, type MatchEvent, minuteText, namedPhase, type ScorePair } from '../../lib/live.ts'
import { href } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'
import type { BadgeFields } from './scoreboard.tsx'
import { entryClass, entryText, playerName } from './live-text.ts'
import type { CommentaryWords, LineupWords, ScoreWords, StatusWords, TimelineWords } from './live-words.ts'
import { fill, splitAround, unwrap } from './templates.ts'

type Child = Node | string | null

export function h(tag: string, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.append(...children.filter((child) => child !== null))
  return element
}

export function drawBadge(match: BadgeFields, now: number, words: StatusWords): HTMLElement {
  const label = match.replayOf !== null ? words.replay : match.demo ? words.demo : null
  const minute = badgeMinute(match, now)
  const phase = namedPhase(match)
  return h(
    'span',
    { class: `status-badge status-${match.status}` },
    words.status[match.status],
    ...(minute ? [' ', h('bdi', { dir: 'ltr' }, minute)] : []),
    phase ? ` · ${words.phase[phase]}` : null,
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
      h('span', { class: 'timeline-kind' }, e.detail ? `${words.events[e.kind]} · ${words.var[e.detail]}` : words.events[e.kind]),
      e.playerId ? h('a', { href: href(lang, 'player', { id: e.playerId }) }, name) : e.playerName ? h('bdi', {}, e.playerName) : null,
      e.otherPlayerName ? h('bdi', { class: 'timeline-other' }, e.otherPlayerName) : null,
    )
  })
  return h(
    'section',
    { 'aria-labelledby': 'timeline-title' },
    h('h2', { id: 'timeline-title' }, words.title),
    h('ol', { class: 'timeline' }, ...items),
  )
}

export function drawCommentaryItems(entries: CommentaryEntry[], lang: Locale, words: CommentaryWords): HTMLElement {
  return h(
    'ol',
    { class: 'commentary-list' },
    ...entries.map((entry) => {
      const shown = entryText(entry, lang)
      return h(
        'li',
        { class: entryClass(entry), 'data-entry': String(entry.id) },
        h('bdi', { dir: 'ltr', class: 'commentary-minute' }, minuteText(entry)),
        entry.pinned ? h('span', { class: 'commentary-tag' }, words.pinned) : null,
        entry.key ? h('span', { class: 'commentary-tag commentary-tag-key' }, words.key) : null,
        h('p', { class: 'commentary-text', lang: shown.lang, dir: shown.lang === 'ar' ? 'rtl' : 'ltr' }, shown.text),
      )
    }),
  )
}

/** The whole section, for a page that had no entry when it was rendered. */
export function drawCommentary(entries: CommentaryEntry[], lang: Locale, words: CommentaryWords): HTMLElement | null {
  if (entries.length === 0) return null
  return h(
    'section',
    { class: 'commentary', 'aria-labelledby': 'commentary-title' },
    h(
      'div',
      { class: 'commentary-head' },
      h('h2', { id: 'commentary-title' }, words.title),
      h('label', { class: 'commentary-filter' }, h('input', { type: 'checkbox', class: 'commentary-filter-input' }), words.keyOnly),
    ),
    drawCommentaryItems(entries, lang, words),
  )
}

function drawPlayers(players: LineupPlayer[], lang: Locale): HTMLElement {
  return h(
    'ol',
    { class: 'lineup-players' },
    ...players.map((player) => h('li', {}, h('span', { class: 'lineup-number' }, String(player.shirtNumber ?? '')), h('bdi', {}, playerName(player, lang)))),
  )
}

function drawSide(lineup: Lineup, team: string, lang: Locale, words: LineupWords): HTMLElement {
  const [before, after] = splitAround(words.coach, 'coach')
  return h(
    'div',
    { class: 'lineup' },
    h('h3', {}, h('bdi', {}, team), ...(lineup.formation ? [' ', h('bdi', { dir: 'ltr', class: 'lineup-formation' }, lineup.formation)] : [])),
    h('h4', {}, words.starters),
    drawPlayers(lineup.starters, lang),
    ...(lineup.bench.length > 0 ? [h('h4', {}, words.bench), drawPlayers(lineup.bench, lang)] : []),
    lineup.coach ? h('p', { class: 'lineup-coach' }, before, h('bdi', {}, lineup.coach), after) : null,
  )
}

export function drawLineups(lineups: Lineups, lang: Locale, words: LineupWords): HTMLElement | null {
  if (!lineups.home && !lineups.away) return null
  return h(
    'section',
    { class: 'lineups', 'aria-labelledby': 'lineups-title' },
    h('h2', { id: 'lineups-title' }, words.title),
    h(
      'div',
      { class: 'lineups-sides' },
      lineups.home ? drawSide(lineups.home, words.home, lang, words) : null,
      lineups.away ? drawSide(lineups.away, words.away, lang, words) : null,
    ),
  )
}
