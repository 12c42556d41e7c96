// The team sheets of a live match, redrawn when the desk saves one.
import { drawLineups } from '../live/draw.ts'
import type { MatchLineupsProps } from '../live/live-parts.tsx'
import { matchFeed } from '../live/match-feed.ts'

export default function wake(marker: HTMLElement, { matchId, kickoff, snapshot, lang, words }: MatchLineupsProps): void {
  const feed = matchFeed(matchId, kickoff, snapshot)
  // What the server drew; the feed may already hold newer (another island caught up first).
  let shown = snapshot.lineups
  const draw = () => {
    const { lineups } = feed.current.snapshot
    if (lineups === shown) return
    shown = lineups
    const section = drawLineups(lineups, lang, words)
    marker.replaceChildren(...(section ? [section] : []))
  }
  feed.subscribe(draw)
  draw()
}
