// The live text of a live match: its list redrawn as the page's feed brings entries, edits
// and deletions. The filter's checkbox is left in place, so a reader's choice stays.
import { drawCommentary, drawCommentaryItems } from '../live/draw.ts'
import type { MatchCommentaryProps } from '../live/live-parts.tsx'
import { matchFeed } from '../live/match-feed.ts'

export default function wake(marker: HTMLElement, { matchId, kickoff, snapshot, lang, words }: MatchCommentaryProps): void {
  const feed = matchFeed(matchId, kickoff, snapshot)
  // What the server drew; the feed may already hold newer (another island caught up first).
  let shown = snapshot.commentary
  const draw = () => {
    const { commentary } = feed.current.snapshot
    if (commentary === shown) return
    shown = commentary
    const list = marker.querySelector('.commentary-list')
    if (list && commentary.length > 0) list.replaceWith(drawCommentaryItems(commentary, lang, words))
    else {
      const section = drawCommentary(commentary, lang, words)
      marker.replaceChildren(...(section ? [section] : []))
    }
  }
  feed.subscribe(draw)
  draw()
}
