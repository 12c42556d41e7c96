// npm run demo:live -- <match> [--speed 60] [--lead-in 10] [--base http://localhost:8787]
// Replays a real match through the editor API of a running site (`npm start` or `npm run
// dev`), for example the 2022 World Cup final: `npm run demo:live -- worldcup/2022`.
// The replay is a demo copy labelled as such; the real match is never changed.
import { parseArgs } from 'node:util'
import { openDatabase } from './lib/database.ts'
import { checkEnvironment } from './lib/environment.ts'
import { startReplay } from './live/replay.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    speed: { type: 'string', default: '60' },
    'lead-in': { type: 'string', default: '10' },
    base: { type: 'string', default: 'http://localhost:8787' },
  },
})

const speed = Number(values.speed)
const leadIn = Number(values['lead-in'])
if (positionals.length !== 1 || !(speed > 0 && speed <= 3600) || !(leadIn >= 0 && leadIn <= 3600)) {
  console.error('usage: npm run demo:live -- <match id | competition/season> [--speed times-real-time (0-3600], 60 = a match minute a second] [--lead-in seconds] [--base URL]')
  process.exit(2)
}

checkEnvironment()
const db = await openDatabase()
try {
  const replay = await startReplay({ databaseUrl: db.url, baseUrl: values.base, match: positionals[0]!, speed, leadIn, log: console.log })
  await replay.done
  console.log(`replay finished: ${values.base}/en/matches/${replay.replayId}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await db.stop()
}
