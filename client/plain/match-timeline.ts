// The timeline of a live match: redrawn as the page's feed brings events.
import { drawTimeline } from '../live/draw.ts'
import type { MatchTimelineProps } from '../live/live-parts.tsx'
import { matchFeed } from '../live/match-feed.ts'
import { pageLocale } from '../page-locale.ts'

export default function wake(marker: HTMLElement, { matchId, kickoff, snapshot, words }: MatchTimelineProps): void {
  const feed = matchFeed(matchId, kickoff, snapshot)
  const lang = pageLocale()
  let shown = feed.current.snapshot.events
  feed.subscribe(() => {
    const { events } = feed.current.snapshot
    if (events === shown) return
    shown = events
    const timeline = drawTimeline(events, lang, words)
    marker.replaceChildren(...(timeline ? [timeline] : []))
  })
}
