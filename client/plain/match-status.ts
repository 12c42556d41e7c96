// The state of a live or upcoming match: before kick-off a countdown (spec §9: a tick a
// second), then the status and minute as the room announces them. At zero the page shows
// the match as under way and subscribes, whether or not an editor has said so yet.
import { formatCountdown, msUntil, nextTickIn, secondsLeft } from '../../lib/countdown.ts'
import { badgeMinute } from '../../lib/live.ts'
import { LOCALE_CONFIG } from '../../lib/locales.ts'
import { drawBadge, drawCountdown, h } from '../live/draw.ts'
import type { MatchStatusProps } from '../live/live-parts.tsx'
import { matchFeed } from '../live/match-feed.ts'
import { pageLocale } from '../page-locale.ts'

/** How often the badge reads the clock: a minute turns over at most this late on screen. */
const CLOCK_TICK_MS = 5000

export default function wake(marker: HTMLElement, { matchId, kickoff, snapshot, demo, replayOf, words }: MatchStatusProps): void {
  const feed = matchFeed(matchId, kickoff, snapshot)
  const box = marker.querySelector('.match-status')
  if (!box) return
  const locale = LOCALE_CONFIG[pageLocale()].intl
  const kickoffAt = Date.parse(kickoff)
  let seconds = 0
  let shown = ''
  let timer: Element | null = null

  const draw = () => {
    const { snapshot: now, started, connection } = feed.current
    const upcoming = now.status === 'scheduled'
    const counting = upcoming && !started && seconds > 0
    const status = upcoming && started ? 'live' : now.status
    const badge = { ...now, status, demo, replayOf }
    const key = JSON.stringify([status, badgeMinute(badge, Date.now()), now.phase, counting, connection === 'waiting'])
    if (key === shown) {
      // Only the time left changed: the timer's text, not the whole box.
      if (timer) timer.textContent = formatCountdown(seconds, locale, 'long')
      return
    }
    shown = key
    const countdown = counting ? drawCountdown(seconds, locale, words) : null
    timer = countdown?.querySelector('[role="timer"]') ?? null
    box.replaceChildren(
      drawBadge(badge, Date.now(), words),
      ...(countdown ? [countdown] : []),
      ...(connection === 'waiting' ? [h('p', { class: 'match-connection', role: 'status' }, words.reconnecting)] : []),
    )
  }

  // Ticks line up with the time left, so a late one does not make the rest lag.
  const tick = () => {
    const left = msUntil(kickoffAt, Date.now())
    seconds = secondsLeft(left)
    draw()
    if (feed.current.snapshot.status !== 'scheduled') return
    if (left > 0) setTimeout(tick, nextTickIn(left))
    else feed.kickedOff()
  }

  feed.subscribe(draw)
  if (snapshot.status === 'scheduled') tick()
  // The match clock: a redraw only when the minute it shows has changed (the key above).
  setInterval(draw, CLOCK_TICK_MS)
}
