// The Workers Cron Trigger (wrangler.toml, every minute): scheduled posts whose time has come
// are published (their followers' alerts queued), deliveries a week old are forgotten, a held season gets any known deduction it lacks (one a deploy has just added
// to content/deductions.json: decision 102), and the football data syncs that are due run
// (src/sync/run.ts). The tables' page-version triggers make the edge serve what changed at once.
import { newsAlert, QUEUE_BATCH_LIMIT } from './alerts/events.ts'
import { pruneAlertDeliveries } from './db/alerts.ts'
import { createDatabase } from './db/client.ts'
import { publishDuePosts } from './db/desk-posts.ts'
import { applyKnownDeductions } from './db/known-deductions.ts'
import { broadcastToMatch } from './live/broadcast.ts'
import { dueSources, runSync, syncConfigOf } from './sync/run.ts'

export async function scheduled(_controller: ScheduledController, env: Env): Promise<void> {
  const { sql } = createDatabase(env.DB.connectionString)
  const published = await publishDuePosts(sql)
  if (published.length > 0) {
    console.log(JSON.stringify({ event: 'posts.published', posts: published }))
    // After the publishing transaction: their followers' alerts (decision 134), in batches the
    // queue takes (at most 100 messages a call). A queue out of reach loses these alerts, not the
    // minute's other work: the posts are out, and the log says which went unannounced.
    for (let i = 0; i < published.length; i += QUEUE_BATCH_LIMIT) {
      const ids = published.slice(i, i + QUEUE_BATCH_LIMIT)
      try {
        await env.ALERTS.sendBatch(ids.map((id) => ({ body: newsAlert(Number(id)) })))
      } catch (error) {
        console.error(JSON.stringify({ event: 'alerts.enqueue', posts: ids, error: String(error) }))
      }
    }
  }
  const pruned = await pruneAlertDeliveries(sql)
  if (pruned > 0) console.log(JSON.stringify({ event: 'alerts.pruned', deliveries: pruned }))
  // One read a minute; it writes only what is missing, so no page version moves otherwise.
  const { written } = await applyKnownDeductions(sql)
  if (written > 0) console.log(JSON.stringify({ event: 'deductions.applied', written }))

  const { config, problems } = syncConfigOf(env)
  if (problems.length > 0) console.error(JSON.stringify({ event: 'sync.settings', problems }))
  for (const source of await dueSources(sql, config, new Date())) {
    const report = await runSync(sql, source, config, (id, state) => broadcastToMatch(env, id, { type: 'change', state }))
    const { changes: _changes, conflicts: _conflicts, ...summary } = report
    console.log(JSON.stringify({ event: 'sync.run', source, ...summary }))
  }
}
