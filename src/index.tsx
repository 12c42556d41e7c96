import { createApp } from './app.tsx'
import { scheduled } from './scheduled.ts'

export { MatchRoom } from './live/match-room.ts'

const app = createApp()

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>
