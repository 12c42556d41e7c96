import { app } from './app.tsx'

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>
