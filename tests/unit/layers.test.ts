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
    ['client/islands/probe.ts', "import type { x } from '../../src/http/form-answers.ts'"],
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
