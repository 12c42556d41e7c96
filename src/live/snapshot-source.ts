// Where a match's primary room reads the match when it has nothing, or missed a change: one
// statement (decision 115). The room calls this entrypoint of its own worker rather than
// opening Postgres itself: a connection belongs to the invocation that opened it, and an
// invocation of the worker ends, closing it, where a busy room would hold it for hours.
import { WorkerEntrypoint } from 'cloudflare:workers'
import type { LiveSnapshot } from '../../lib/live.ts'
import { createDatabase } from '../db/client.ts'
import { loadLiveSnapshot } from '../db/live.ts'

export class LiveSnapshotSource extends WorkerEntrypoint<Env> {
  read(match: number): Promise<LiveSnapshot | null> {
    return loadLiveSnapshot(createDatabase(this.env.DB.connectionString).sql, match)
  }
}
