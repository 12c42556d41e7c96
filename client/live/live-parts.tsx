// The live parts of a match page that is live or still to come: the score, the status, the
// timeline, the live text and the team sheets; and a table as it stands while its matches are
// in play. The server renders them here, with React, as it renders the same parts of any
// match; their browser halves (client/plain/) keep them current without React, so a live page
// runs 7 KB of script instead of React's 70 (issue 14, decisions 075 and 097).
import { liveScore, type LiveSnapshot } from '../../lib/live.ts'
import { Countdown } from '../countdown.tsx'
import { splitAround } from './templates.ts'
import type { Locale } from '../../lib/locales.ts'
import { Commentary } from './commentary.tsx'
import { Lineups } from './lineups.tsx'
import type { CommentaryWords, LineupWords, ScoreWords, StatusWords, TimelineWords } from './live-words.ts'
import { ScoreDigits, StatusBadge } from './scoreboard.tsx'
import { Timeline } from './timeline.tsx'

/** What every live part starts from. */
export interface LiveProps {
  matchId: number
  kickoff: string
  snapshot: LiveSnapshot
}

export interface MatchScoreProps extends LiveProps {
  words: ScoreWords
}

/** Polite live region: a screen reader hears a goal once, when the score changes. */
export function MatchScore({ snapshot }: MatchScoreProps) {
  const score = liveScore(snapshot, false)
  return (
    <span className="live-score" aria-live="polite" aria-atomic="true">
      {score ? <ScoreDigits score={score} pen={snapshot.pen} /> : <span className="score score-pending">–</span>}
    </span>
  )
}

export interface MatchStatusProps extends LiveProps {
  /** Seconds to kick-off when the page was rendered, for its first draw; the browser counts on its own clock. */
  secondsToKickoff: number
  /** When the page was rendered: the badge's clock reads from it, then from the browser's. */
  renderedAt: number
  demo: boolean
  replayOf: number | null
  words: StatusWords
}

/**
 * The badge, and before kick-off the time left as the server sees it: the browser's half
 * corrects it at once and ticks, and having it in the page keeps the line's room, so the
 * page does not move when the countdown starts. The connection notice is the browser's.
 */
export function MatchStatus({ secondsToKickoff: seconds, renderedAt, snapshot, demo, replayOf, words }: MatchStatusProps) {
  const [before, after] = splitAround(words.kickoffIn, 'countdown')
  return (
    <div className="match-status">
      <StatusBadge match={{ ...snapshot, demo, replayOf }} now={renderedAt} />
      {seconds > 0 ? (
        <p className="match-countdown">
          {before}
          <Countdown seconds={seconds} style="long" />
          {after}
        </p>
      ) : null}
    </div>
  )
}

export interface MatchTimelineProps extends LiveProps {
  words: TimelineWords
}

export function MatchTimeline({ snapshot }: MatchTimelineProps) {
  return <Timeline events={snapshot.events} />
}

export interface MatchCommentaryProps extends LiveProps {
  lang: Locale
  words: CommentaryWords
}

export function MatchCommentary({ snapshot, lang, words }: MatchCommentaryProps) {
  return <Commentary entries={snapshot.commentary} lang={lang} words={words} />
}

export interface MatchLineupsProps extends LiveProps {
  lang: Locale
  words: LineupWords
}

export function MatchLineups({ snapshot, lang, words }: MatchLineupsProps) {
  return <Lineups lineups={snapshot.lineups} lang={lang} words={words} />
}

export interface StandingsLiveProps {
  /** The table's matches in play. */
  matches: LiveProps[]
}

/**
 * A table as it stands, kept current by its browser half (client/plain/standings-live.ts).
 * The server draws the table around this marker, so the part itself draws nothing.
 */
export function StandingsLive(_props: StandingsLiveProps) {
  return null
}
