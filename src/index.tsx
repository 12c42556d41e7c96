import { queue } from './alerts/consumer.ts'
import type { AlertEvent } from './alerts/events.ts'
import { createApp } from './app.tsx'
import { scheduled } from './scheduled.ts'

export { MatchRoom } from './live/match-room.ts'
export { MatchShard } from './live/match-shard.ts'
export { LiveSnapshotSource } from './live/snapshot-source.ts'

const app = createApp()

export default {
  fetch: app.fetch,
  scheduled,
  queue,
} satisfies ExportedHandler<Env, AlertEvent>
