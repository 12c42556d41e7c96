// The timeline of a live match: events appear as the room announces them.
import { Timeline } from '../live/timeline.tsx'
import { type LiveProps, useMatchFeed } from '../live/use-match-feed.ts'

export default function MatchTimeline(props: LiveProps) {
  const { snapshot } = useMatchFeed(props)
  return <Timeline events={snapshot.events} />
}
