// The score of a live or upcoming match, kept current by the page's feed. Polite live
// region: a screen reader hears a goal once, when the score changes.
import { boardScore } from '../../lib/live.ts'
import { ScoreDigits } from '../live/scoreboard.tsx'
import { type LiveProps, useMatchFeed } from '../live/use-match-feed.ts'

export default function MatchScore(props: LiveProps) {
  const { snapshot, started } = useMatchFeed(props)
  const score = boardScore(snapshot) ?? (started || snapshot.status === 'live' ? [0, 0] : null)
  return (
    <span className="live-score" aria-live="polite" aria-atomic="true">
      {score ? <ScoreDigits score={score} pen={snapshot.pen} /> : <span className="score score-pending">–</span>}
    </span>
  )
}
