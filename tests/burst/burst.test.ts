// Issue 24, security 7: a goal brings readers all at once. 300 of them, sent together to the
// site as `npm start` serves it (home, a match page, a league page, the live snapshot and the
// match's socket), must all be answered: a request waits its turn for a database connection
// (decision 113) rather than answering 503. npm test runs it on PostgreSQL (test:burst).
import { mkdirSync, writeFileSync } from 'node:fs'
import { expect, inject, it } from 'vitest'
import { burst, burstTargets } from '../support/burst.ts'

const READERS = 300

it(`answers ${READERS} readers who arrive at once, none with a 503`, async () => {
  const targets = await burstTargets(inject('databaseUrl'))
  const result = await burst(inject('baseUrl'), targets, READERS)
  const figures = { requests: result.requests, failed: result.failures.length, p50: result.p50, p99: result.p99, max: result.max }
  console.log(`burst of ${READERS}, ms from send to last byte: ${JSON.stringify(figures)}`)
  mkdirSync('test-results', { recursive: true })
  writeFileSync('test-results/burst.json', `${JSON.stringify({ ...figures, failures: result.failures }, null, 2)}\n`)
  expect(result.failures).toEqual([])
})
