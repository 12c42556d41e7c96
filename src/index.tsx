import { createApp } from './app.tsx'

export { MatchRoom } from './live/match-room.ts'

const app = createApp()

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>
