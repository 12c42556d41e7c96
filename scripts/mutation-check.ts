// npm run mutation:check — breaks three reader-facing features on purpose, one at a time, and
// runs the tests that guard each: every break must fail them (issue 33). A suite made faster
// must still catch what it caught. Each break is a one-line edit; the file is written back as
// it was, whatever happens.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

interface Break {
  feature: string
  file: string
  /** The line as it is, and as the break leaves it. */
  from: string
  to: string
  /** Vitest projects and the files of each that guard the feature. */
  tests: Record<'unit' | 'worker' | 'browser', string[]>
}

const BREAKS: Break[] = [
  {
    feature: 'the follow button turns to "Following" once pressed',
    file: 'client/islands/follow.tsx',
    from: 'setState(!state)',
    to: 'setState(state)',
    tests: { unit: [], worker: [], browser: ['tests/browser/follows-alerts.test.ts'] },
  },
  {
    feature: "the live desk's goal adds one to its side's score",
    file: 'src/live/changes.ts',
    from: 'if (!GOAL_KINDS.includes(event.kind)) return next',
    to: 'if (GOAL_KINDS.includes(event.kind)) return next',
    tests: { unit: ['tests/unit/live.test.ts'], worker: ['tests/worker/live-desk-api.test.ts'], browser: ['tests/browser/desk-live.test.ts'] },
  },
  {
    feature: "spoiler-free hides a match's score from the page",
    file: 'src/football/spoilers.ts',
    from: "return { ...m, ft: null, ht: null, et: null, pen: null, hidden: true }",
    to: 'return { ...m, hidden: true }',
    tests: { unit: [], worker: ['tests/worker/spoiler-free.test.ts'], browser: ['tests/browser/spoiler-free.test.ts'] },
  },
]

/** Runs one project's files; true when they pass. */
function passes(project: string, files: string[]): boolean {
  const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', project, ...files], { stdio: ['ignore', 'ignore', 'inherit'] })
  return run.status === 0
}

let missed = 0
for (const { feature, file, from, to, tests } of BREAKS) {
  const original = readFileSync(file, 'utf8')
  if (original.split(from).length !== 2) throw new Error(`${file}: "${from}" must appear exactly once`)
  writeFileSync(file, original.replace(from, to))
  try {
    const caught = Object.entries(tests).filter(([project, files]) => files.length > 0 && !passes(project, files))
    const by = caught.map(([project]) => project).join(', ')
    console.log(`mutation: ${feature}: ${caught.length ? `caught by the ${by} tests` : 'NOT CAUGHT'}`)
    if (!caught.length) missed += 1
  } finally {
    writeFileSync(file, original)
  }
}
process.exit(missed ? 1 : 0)
