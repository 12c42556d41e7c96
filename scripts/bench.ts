// npm run bench — one scenario per run, each in its own module under scripts/bench/:
//
//   pages (the default)  every page type's CPU, load, weight and Lighthouse score (pages.ts)
//   crowd                thousands of sockets on one live match, and an event's delivery (crowd.ts)
//   matchday             ten live matches while readers browse: the edge cache's hits (matchday.ts)
//   alerts               goal alerts through the queue: sent per second, editor's call to push service (alerts.ts)
//   fixtures             a season's fixture list written at the desk: 306 lines under 5 s (fixtures.ts)
//
//   npm run bench -- [--scenario pages|crowd|matchday|alerts|fixtures] [the scenario's own options]
import { parseArgs } from 'node:util'
import { checkEnvironment } from './lib/environment.ts'
import { UsageError } from './bench/server.ts'

const SCENARIOS = {
  pages: () => import('./bench/pages.ts'),
  crowd: () => import('./bench/crowd.ts'),
  matchday: () => import('./bench/matchday.ts'),
  alerts: () => import('./bench/alerts.ts'),
  fixtures: () => import('./bench/fixtures.ts'),
}

checkEnvironment()
const args = process.argv.slice(2)
// --scenario is the bench's; every other option goes to the scenario, which checks its own.
const { values, tokens } = parseArgs({ args, options: { scenario: { type: 'string', default: 'pages' } }, strict: false, tokens: true })
const own = tokens.flatMap((token) => (token.kind === 'option' && token.name === 'scenario' ? (token.inlineValue ? [token.index] : [token.index, token.index + 1]) : []))
const name = String(values.scenario)
try {
  if (!Object.hasOwn(SCENARIOS, name)) throw new UsageError(`--scenario is "${name}": give ${Object.keys(SCENARIOS).join(', ')}`)
  const scenario = await SCENARIOS[name as keyof typeof SCENARIOS]()
  await scenario.run(args.filter((_, index) => !own.includes(index)))
} catch (error) {
  // A mistyped option is the caller's to fix: the message and the usage's exit code, no stack.
  if (!(error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')))) throw error
  console.error(error.message)
  process.exitCode = 2
}
