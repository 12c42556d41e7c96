// The lint holds the layers (eslint.config.ts): a wrong-way import fails `npm run lint`.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint()

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport { x }\n`, { filePath })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('the import layers', () => {
  it.each([
    ['client/islands/probe.ts', "import { x } from '../../src/api/envelope.ts'"],
    ['client/islands/probe.ts', "import type { x } from '../../src/auth/form-answers.ts'"],
    ['lib/probe.ts', "import { x } from '../src/db/client.ts'"],
    ['lib/probe.ts', "import { x } from '../client/islands/index.ts'"],
    ['scripts/probe.ts', "import { x } from '../tests/worker/helpers.ts'"],
  ])('%s may not say %s', async (file, source) => {
    expect(await restricted(file, source)).toHaveLength(1)
  })

  it.each([
    ['client/islands/probe.ts', "import { x } from '../../lib/envelope.ts'"],
    ['lib/probe.ts', "import { x } from './envelope.ts'"],
    ['src/probe.ts', "import { x } from '../client/islands/index.ts'"],
    ['scripts/probe.ts', "import { x } from './lib/search-cases.ts'"],
    ['tests/unit/probe.ts', "import { x } from '../../scripts/lib/seed.ts'"],
  ])('%s may say %s', async (file, source) => {
    expect(await restricted(file, source)).toEqual([])
  })
})

describe('browser globals outside the browser', () => {
  async function flagged(filePath: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${source}\n`, { filePath })
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-globals').map((m) => m.message)
  }

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
