import { createApp } from './app.tsx'

const app = createApp()

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>
