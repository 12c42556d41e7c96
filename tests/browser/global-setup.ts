// Serves the built site for the browser tests (scripts/lib/site.ts) and stops it after. The
// tier's two projects (vitest.config.ts) share one site: each project loads this module on its
// own, so the site is kept on globalThis, and the last project to finish stops it.
import type { TestProject } from 'vitest/node'
import { type RunningSite, startSite } from '../../scripts/lib/site.ts'
import { openTestDatabase, type TestDatabase } from '../support/test-database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The site's database, for tests that drive it as an operator's script does (demo:live). */
    databaseUrl: string
  }
}

interface SharedSite {
  started: Promise<{ site: RunningSite; db: TestDatabase | undefined }>
  users: number
}

const shared = globalThis as { hadafBrowserSite?: SharedSite }

async function start() {
  // With DATABASE_URL the site runs on a fresh database of that server, never its own data.
  const db = process.env.DATABASE_URL ? await openTestDatabase('browser') : undefined
  return { site: await startSite({ databaseUrl: db?.url }), db }
}

export default async function setup(project: TestProject) {
  const one = (shared.hadafBrowserSite ??= { started: start(), users: 0 })
  one.users += 1
  const { site, db } = await one.started
  project.provide('baseUrl', site.baseUrl)
  project.provide('databaseUrl', site.databaseUrl)
  return async () => {
    one.users -= 1
    if (one.users > 0) return
    delete shared.hadafBrowserSite
    await site.stop()
    await db?.stop()
  }
}
