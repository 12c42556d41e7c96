// The score of a live or upcoming match, redrawn when the page's feed has a new one.
import { liveScore } from '../../lib/live.ts'
import { drawScore } from '../live/draw.ts'
import type { MatchScoreProps } from '../live/live-parts.tsx'
import { matchFeed } from '../live/match-feed.ts'

export default function wake(marker: HTMLElement, { matchId, kickoff, snapshot, words }: MatchScoreProps): void {
  const feed = matchFeed(matchId, kickoff, snapshot)
  const region = marker.querySelector('.live-score')
  if (!region) return
  const keyOf = (score: unknown, pen: unknown) => JSON.stringify([score, pen])
  // What the server drew: redrawing it unchanged would make a screen reader announce it again.
  let shown = keyOf(liveScore(snapshot, false), snapshot.pen)
  const draw = () => {
    const { snapshot: now, started } = feed.current
    const score = liveScore(now, started)
    const key = keyOf(score, now.pen)
    if (key === shown) return
    shown = key
    region.replaceChildren(drawScore(score, now.pen, words))
  }
  feed.subscribe(draw)
  draw()
}
