// The lint holds the layers (eslint.config.ts): a wrong-way import, or a query outside
// src/db, fails `npm run lint`.
import { isAbsolute, relative } from 'node:path'
import { ESLint } from 'eslint'
import { rolldown } from 'rolldown'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint()

async function restricted(filePath: string, source: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport { x }\n`, { filePath })
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message)
}

describe('the import layers', () => {
  it.each([
    ['client/islands/probe.ts', "import { x } from '../../src/api/envelope.ts'"],
    ['client/islands/probe.ts', "import type { x } from '../../src/http/form-answers.ts'"],
    ['lib/probe.ts', "import { x } from '../src/db/client.ts'"],
    ['lib/probe.ts', "import { x } from '../client/islands/index.ts'"],
    ['lib/probe.ts', "import { x } from '../scripts/import/plan.ts'"],
    ['src/sync/probe.ts', "import { x } from '../../scripts/import/plan.ts'"],
    ['src/probe.ts', "import type { x } from '../scripts/lib/seed.ts'"],
    ['client/islands/probe.ts', "import { x } from '../../scripts/import/remote.ts'"],
    ['scripts/probe.ts', "import { x } from '../tests/worker/helpers.ts'"],
  ])('%s may not say %s', async (file, source) => {
    expect(await restricted(file, source)).toHaveLength(1)
  })

  it.each([
    ['client/islands/probe.ts', "import { x } from '../../lib/envelope.ts'"],
    ['lib/probe.ts', "import { x } from './envelope.ts'"],
    ['src/probe.ts', "import { x } from '../client/islands/index.ts'"],
    ['src/sync/probe.ts', "import { x } from '../../lib/openfootball/parse-text.ts'"],
    ['scripts/probe.ts', "import { x } from './lib/search-cases.ts'"],
    ['tests/unit/probe.ts', "import { x } from '../../scripts/lib/seed.ts'"],
  ])('%s may say %s', async (file, source) => {
    expect(await restricted(file, source)).toEqual([])
  })
})

describe('queries live in src/db', () => {
  const query = (source: string) => `declare const sql: any, tx: any, c: any, msg: any, t: any\nconst x = ${source}`

  it.each([
    ['src/auth/probe.ts', 'sql`select 1`'],
    ['src/api/probe.ts', 'tx`delete from sessions`'],
    ['src/routes/probe.ts', 'c.var.db.sql<{ id: number }[]>`select id from posts`'],
    ['src/mail/probe.ts', "sql.unsafe('select 1')"],
    ['src/sync/probe.ts', 'sql`select 1`'],
  ])('%s may not say %s', async (file, source) => {
    expect(await restricted(file, query(source), 'no-restricted-syntax')).toEqual([expect.stringMatching(/^SQL lives in src\/db/)])
  })

  it.each([
    ['src/db/probe.ts', 'sql`select 1`'],
    ['src/db/probe.ts', "sql.unsafe('select 1')"],
    ['src/routes/probe.ts', 'msg`Hello`'],
    ['src/components/probe.ts', 't`Hello`'],
    ['scripts/probe.ts', 'sql`select 1`'],
    ['tests/worker/probe.ts', 'sql`select 1`'],
  ])('%s may say %s', async (file, source) => {
    expect(await restricted(file, query(source), 'no-restricted-syntax')).toEqual([])
  })
})

/** Every module of ours that loading `entry` evaluates, tree-shaking aside: packages are left out. */
async function modulesLoadedBy(entry: string): Promise<string[]> {
  const bundle = await rolldown({ input: entry, external: (id) => !id.startsWith('.') && !isAbsolute(id), treeshake: false, logLevel: 'silent' })
  try {
    const { output } = await bundle.generate({ format: 'esm' })
    return output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : [])).map((id) => relative(process.cwd(), id))
  } finally {
    await bundle.close()
  }
}

describe('the foundations', () => {
  // style.md, habit 10: reading a cookie loaded the openfootball sync, its writer and 16
  // files of the importer (32 modules) through the settings, before the sources' codes moved
  // to a leaf.
  it('load no feature to read a cookie: neither a sync, the database nor a script', async () => {
    const loaded = await modulesLoadedBy('src/http/cookies.ts')
    expect(loaded.filter((id) => /^(scripts|src\/db|src\/sync)\//.test(id) && id !== 'src/sync/sources.ts')).toEqual([])
    // The settings check the VAPID keys' form (lib/web-push-keys.ts, a leaf of its own): seven.
    expect(loaded.length).toBeLessThanOrEqual(7)
  })
})

describe('browser globals outside the browser', () => {
  const flagged = (filePath: string, source: string) => restricted(filePath, source, 'no-restricted-globals')

  it.each([
    ['src/probe.ts', 'export const title = document.title'],
    ['src/probe.ts', "export const wide = window.matchMedia('(min-width: 40em)')"],
    ['lib/probe.ts', "export const saved = localStorage.getItem('x')"],
  ])('%s may not say %s', async (file, source) => {
    expect(await flagged(file, source)).toHaveLength(1)
  })

  it.each([
    ['client/probe.ts', 'export const title = document.title'],
    ['src/probe.ts', 'export const agent = navigator.userAgent'],
    ['src/probe.ts', 'export function text(element: HTMLElement) { return element }'],
  ])('%s may say %s', async (file, source) => {
    expect(await flagged(file, source)).toEqual([])
  })
})
