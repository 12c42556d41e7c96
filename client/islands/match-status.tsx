// The state of a live or upcoming match: before kick-off a countdown (spec §9: a tick a
// second), then the status and minute as the room announces them. At zero the page shows
// the match as under way and subscribes, whether or not an editor has said so yet.
import { Trans } from '@lingui/react/macro'
import { useEffect } from 'react'
import { Countdown } from '../countdown.tsx'
import { StatusBadge } from '../live/scoreboard.tsx'
import { type LiveProps, useMatchFeed } from '../live/use-match-feed.ts'
import { useCountdownTo } from '../use-countdown.ts'

export interface MatchStatusProps extends LiveProps {
  demo: boolean
  replayOf: number | null
}

export default function MatchStatus({ demo, replayOf, ...props }: MatchStatusProps) {
  const { snapshot, started, connection, feed } = useMatchFeed(props)
  const upcoming = snapshot.status === 'scheduled'
  const seconds = useCountdownTo(upcoming ? Date.parse(props.kickoff) : null)

  useEffect(() => {
    if (seconds === 0) feed?.kickedOff()
  }, [seconds, feed])

  const status = upcoming && started ? 'live' : snapshot.status
  return (
    <div className="match-status">
      <StatusBadge match={{ status, minute: snapshot.minute, demo, replayOf }} />
      {upcoming && !started && seconds !== null && seconds > 0 ? (
        <p className="match-countdown">
          <Trans>
            Kick-off in <Countdown seconds={seconds} style="long" />
          </Trans>
        </p>
      ) : null}
      {connection === 'waiting' ? (
        <p className="match-connection" role="status">
          <Trans>Reconnecting to live updates…</Trans>
        </p>
      ) : null}
    </div>
  )
}
