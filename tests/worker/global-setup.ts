// Gives the worker tests a fresh, migrated and seeded database: an in-memory PGlite by
// default, or a new database on the PostgreSQL server that DATABASE_URL names
// (npm run test:worker:pg).
import type { TestProject } from 'vitest/node'
import { migrate } from '../../scripts/lib/migrate.ts'
import { seed } from '../../scripts/lib/seed.ts'
import { vapidKeyPair } from '../../scripts/lib/vapid-keys.ts'
import { startPushService } from '../support/push-service.ts'
import { openTestDatabase } from '../support/test-database.ts'
import { seedFixtures } from './fixtures.ts'

export default async function setup(project: TestProject) {
  const db = await openTestDatabase('worker', { idleSessionSeconds: 15 })
  project.provide('databaseUrl', db.url)
  project.provide('databaseKind', db.kind)
  project.provide('migrationVersions', await migrate(db.url))
  project.provide('secondMigrationRun', await migrate(db.url))
  // The real demo content, as `npm start` loads it, then the small fixtures some tests need.
  await seed(db.url, { log: () => {} })
  await seedFixtures(db.url)
  // The tests' own VAPID pair, as local runs make theirs (vitest.config.ts binds it).
  const vapid = await vapidKeyPair()
  project.provide('vapidPublicKey', vapid.publicKey)
  project.provide('vapidPrivateKey', vapid.privateKey)
  // Outside workerd, as a real push service is (tests/support/push-service.ts).
  const pushService = await startPushService()
  project.provide('pushServiceUrl', pushService.url)
  return async () => {
    await pushService.stop()
    await db.stop()
  }
}
