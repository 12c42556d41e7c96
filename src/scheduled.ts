// The Workers Cron Trigger (wrangler.toml, every minute): scheduled posts whose time has come
// are published. The posts table's page-version trigger makes the edge serve them at once.
import { createDatabase } from './db/client.ts'
import { publishDuePosts } from './db/desk-posts.ts'

export async function scheduled(_controller: ScheduledController, env: Env): Promise<void> {
  const published = await publishDuePosts(createDatabase(env.DB.connectionString).sql)
  if (published.length > 0) console.log(JSON.stringify({ event: 'posts.published', posts: published }))
}
