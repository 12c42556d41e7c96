// The Node scripts' environment (scripts/lib/environment.ts): one schema, checked at start-up,
// that stops a script naming the variable before it starts anything.
import { describe, expect, it } from 'vitest'
import { PLACEHOLDER_PASSWORD } from '../../scripts/lib/database-url.ts'
import { EnvironmentError, scriptEnvironment } from '../../scripts/lib/environment.ts'
import { runScript } from '../support/run-script.ts'

describe("the scripts' environment", () => {
  it('means the embedded database, the carried football data and Debian\'s Chromium when nothing is set', () => {
    expect(scriptEnvironment({})).toEqual({ databaseUrl: undefined, footballDataDir: undefined, chromiumPath: '/usr/bin/chromium', ci: false })
    expect(scriptEnvironment({ DATABASE_URL: '', FOOTBALL_DATA_DIR: '', CI: '' })).toEqual(scriptEnvironment({}))
  })

  it('completes DATABASE_URL with the PG variables beside it, as postgres.js would', () => {
    const env = { DATABASE_URL: 'postgres:///test', PGUSER: 'app', PGHOST: 'db.internal', PGPORT: '6432' }
    expect(scriptEnvironment(env).databaseUrl).toBe(`postgres://app:${PLACEHOLDER_PASSWORD}@db.internal:6432/test`)
  })

  it('takes FOOTBALL_DATA_DIR, CHROMIUM_PATH and CI as given', () => {
    expect(scriptEnvironment({ FOOTBALL_DATA_DIR: '../football', CHROMIUM_PATH: '/opt/chromium', CI: 'true' })).toMatchObject({
      footballDataDir: '../football',
      chromiumPath: '/opt/chromium',
      ci: true,
    })
  })

  it('refuses a DATABASE_URL the worker cannot reach, saying why without repeating it', () => {
    const read = () => scriptEnvironment({ DATABASE_URL: 'host=localhost password=hunter2' })
    expect(read).toThrow(EnvironmentError)
    expect(read).toThrow(/^DATABASE_URL is not a URL: write it as postgres:\/\//)
    expect(read).not.toThrow(/hunter2/)
    expect(() => scriptEnvironment({ DATABASE_URL: 'postgres:///test', PGHOST: '/var/run/postgresql' })).toThrow(/^DATABASE_URL names a Unix socket/)
  })

  it('refuses a PGPORT that is not a port', () => {
    for (const port of ['abc', '0', '70000', '54 32']) {
      expect(() => scriptEnvironment({ PGPORT: port }), port).toThrow(`PGPORT is "${port}": set it to a port number, e.g. 5432`)
    }
  })
})

describe('a script started with a wrong variable', () => {
  it.each([
    ['npm run db:migrate', ['scripts/db.ts', 'migrate']],
    ['npm start', ['scripts/serve.ts', 'start', '--port', '1', '--db-port', '0']],
    ['npm run test:worker:pg', ['scripts/test-postgres.ts']],
  ])('%s stops at once with exit code 1, naming it', async (_, args) => {
    const { code, stderr } = await runScript(args, { ...process.env, DATABASE_URL: 'mysql://root:pw@127.0.0.1/test' })
    expect(stderr).toBe('The environment will not do:\nDATABASE_URL must start with postgres:// or postgresql://, not mysql://\n')
    expect(code).toBe(1)
  }, 30_000)
})
