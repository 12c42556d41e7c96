// Serves the built site for the browser tests (scripts/lib/site.ts) and stops it after.
import type { TestProject } from 'vitest/node'
import { startSite } from '../../scripts/lib/site.ts'
import { openTestDatabase } from '../support/test-database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The site's database, for tests that drive it as an operator's script does (demo:live). */
    databaseUrl: string
  }
}

export default async function setup(project: TestProject) {
  // With DATABASE_URL the site runs on a fresh database of that server, never its own data.
  const db = process.env.DATABASE_URL ? await openTestDatabase('browser') : undefined
  const site = await startSite({ databaseUrl: db?.url })
  project.provide('baseUrl', site.baseUrl)
  project.provide('databaseUrl', site.databaseUrl)
  return async () => {
    await site.stop()
    await db?.stop()
  }
}
