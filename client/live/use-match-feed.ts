// The live islands' view of their match: what the server rendered until the page's feed
// (client/live/match-feed.ts) has something newer.
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react'
import type { LiveSnapshot } from '../../lib/live.ts'
import { type FeedView, type MatchFeed, matchFeed } from './match-feed.ts'

/** What every live island is rendered with. */
export interface LiveProps {
  matchId: number
  kickoff: string
  snapshot: LiveSnapshot
}

const never = () => () => {}

export function useMatchFeed({ matchId, kickoff, snapshot }: LiveProps): FeedView & { feed: MatchFeed | null } {
  // Only in the browser: a worker serves many readers and must not keep a feed between requests.
  const [feed] = useState(() => (typeof window === 'undefined' ? null : matchFeed(matchId, kickoff, snapshot)))
  const rendered = useMemo<FeedView>(() => ({ snapshot, connection: 'idle', started: false }), [snapshot])
  const subscribe = useCallback((listener: () => void) => feed?.subscribe(listener) ?? never(), [feed])
  const view = useSyncExternalStore(
    feed ? subscribe : never,
    () => feed?.current ?? rendered,
    () => rendered,
  )
  return { ...view, feed }
}
