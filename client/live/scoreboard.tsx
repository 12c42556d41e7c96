// The parts of a scoreboard that both the server's match lists and the live islands draw:
// the status badge and the score. The server renders them; on a live match page the browser
// redraws them as the room's changes arrive (client/live/draw.ts, in the same markup).
import { Trans, useLingui } from '@lingui/react/macro'
import { badgeMinute, type LiveState, namedPhase, type MatchStatus, type ScorePair, shownStatus } from '../../lib/live.ts'
import { demoLabel, PHASE_WORDS, replayLabel, scoreLabel, STATUS_WORDS } from './live-words.ts'

export interface BadgeFields extends Pick<LiveState, 'phase' | 'periodStartedAt'> {
  status: MatchStatus
  minute: number | null
  demo: boolean
  replayOf: number | null
}

/**
 * `now`: the clock of a running half is read at this time (the page's render, or the browser's
 * tick), and a match without a result three hours past its `kickoff` reads "Result awaited".
 * The live console leaves `kickoff` out: its editor sees the room's status as it is.
 */
export function StatusBadge({ match, now }: { match: BadgeFields & { kickoff?: string }; now: number }) {
  const { i18n } = useLingui()
  const minute = badgeMinute(match, now)
  const phase = namedPhase(match)
  const status = match.kickoff === undefined ? match.status : shownStatus(match.status, match.kickoff, now)
  return (
    <span className={`status-badge status-${status}`}>
      {i18n._(STATUS_WORDS[status])}
      {/* The space outside the isolate: inside it, an Arabic page would draw it on the far side. */}
      {minute ? <> <bdi dir="ltr">{minute}</bdi></> : null}
      {phase ? <> · {i18n._(PHASE_WORDS[phase])}</> : null}
      {match.replayOf !== null || match.demo ? (
        <span className="demo-label"> {i18n._(match.replayOf !== null ? replayLabel : demoLabel)}</span>
      ) : null}
    </span>
  )
}

/** Home score, separator, away score: three flex items, so each score stays by its team. */
export function ScoreDigits({ score: [home, away], pen }: { score: ScorePair; pen: ScorePair | null }) {
  const { i18n } = useLingui()
  return (
    // role="img": a plain span's aria-label is ignored, so the score would read "3 3".
    <span className="score" role="img" aria-label={i18n._(scoreLabel(home, away))}>
      <span className="score-home">{home}</span>
      <span className="score-sep" aria-hidden="true">
        -
      </span>
      <span className="score-away">{away}</span>
      {pen ? <Penalties pen={pen} /> : null}
    </span>
  )
}

function Penalties({ pen: [home, away] }: { pen: ScorePair }) {
  return (
    <span className="score-pens">
      <Trans>
        pens <span className="score-inline">{home}–{away}</span>
      </Trans>
    </span>
  )
}
