// The parts of a scoreboard that both the server's match lists and the live islands draw:
// the status badge and the score. The server renders them as they are; the live islands
// render them again as the room's changes arrive.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MatchStatus, ScorePair } from '../../lib/live.ts'

const STATUS = {
  scheduled: msg`Scheduled`,
  live: msg`Live`,
  finished: msg`Full time`,
  postponed: msg`Postponed`,
  awarded: msg`Awarded`,
}

export interface BadgeFields {
  status: MatchStatus
  minute: number | null
  demo: boolean
  replayOf: number | null
}

export function StatusBadge({ match }: { match: BadgeFields }) {
  const { i18n } = useLingui()
  return (
    <span className={`status-badge status-${match.status}`}>
      {i18n._(STATUS[match.status])}
      {match.status === 'live' && match.minute !== null ? <bdi dir="ltr"> {match.minute}′</bdi> : null}
      {match.replayOf !== null ? (
        <span className="demo-label">
          {' '}
          <Trans>(replay)</Trans>
        </span>
      ) : match.demo ? (
        <span className="demo-label">
          {' '}
          <Trans>(demo)</Trans>
        </span>
      ) : null}
    </span>
  )
}

/** Home score, separator, away score: three flex items, so each score stays by its team. */
export function ScoreDigits({ score: [home, away], pen }: { score: ScorePair; pen: ScorePair | null }) {
  const { t } = useLingui()
  return (
    // role="img": a plain span's aria-label is ignored, so the score would read "3 3".
    <span className="score" role="img" aria-label={t`Score ${home} to ${away}`}>
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
