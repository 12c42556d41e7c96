// The environment of the Node scripts (README, "Environment of the Node scripts"), read
// through one schema. Every script checks it first (checkEnvironment): a wrong variable stops
// it with a message naming the variable and exit code 1, before anything starts. The library
// code reads the values from scriptEnvironment(), never from process.env.
import * as v from 'valibot'
import { completeDatabaseUrl } from './database-url.ts'

/** Unset and empty read alike, as a shell's `DATABASE_URL= npm start` means "none". */
const Optional = v.pipe(
  v.optional(v.string(), ''),
  v.transform((value) => value || undefined),
)

const ScriptEnvironmentSchema = v.pipe(
  v.object({
    DATABASE_URL: Optional,
    // What completeDatabaseUrl fills a DATABASE_URL in with, as postgres.js would.
    PGHOST: Optional,
    PGPORT: v.pipe(
      Optional,
      v.check((port) => port === undefined || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535), (issue) => `PGPORT is "${String(issue.input)}": set it to a port number, e.g. 5432`),
    ),
    PGUSER: Optional,
    PGUSERNAME: Optional,
    PGPASSWORD: Optional,
    PGDATABASE: Optional,
    FOOTBALL_DATA_DIR: Optional,
    CHROMIUM_PATH: Optional,
    CI: Optional,
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const env = dataset.value
    let databaseUrl: string | undefined
    try {
      databaseUrl = env.DATABASE_URL && completeDatabaseUrl(env.DATABASE_URL, env)
    } catch (error) {
      // Its messages name DATABASE_URL and never repeat it: it may hold a password.
      const message = error instanceof Error ? error.message : String(error)
      addIssue({ message, path: [{ type: 'object', origin: 'value', input: env, key: 'DATABASE_URL', value: env.DATABASE_URL }] })
      return NEVER
    }
    return {
      /** DATABASE_URL, completed for Miniflare's Hyperdrive; undefined means the embedded PGlite. */
      databaseUrl,
      /** FOOTBALL_DATA_DIR as given; footballDataDir() resolves it, or the default, against the project root. */
      footballDataDir: env.FOOTBALL_DATA_DIR,
      /** Chromium for the browser tests and the bench. */
      chromiumPath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      /** Any value: running in CI, where a missing PostgreSQL fails test:worker:pg instead of skipping it. */
      ci: env.CI !== undefined,
    }
  }),
)

export type ScriptEnvironment = v.InferOutput<typeof ScriptEnvironmentSchema>

/** The environment will not do: the message names each wrong variable, a line each. */
export class EnvironmentError extends Error {
  override readonly name = 'EnvironmentError'
}

/** The environment, checked; EnvironmentError when a variable is wrong. */
export function scriptEnvironment(env: Record<string, string | undefined> = process.env): ScriptEnvironment {
  const result = v.safeParse(ScriptEnvironmentSchema, env)
  if (!result.success) throw new EnvironmentError(result.issues.map((issue) => issue.message).join('\n'))
  return result.output
}

/** A script's first step: the environment, or what is wrong with it on stderr and exit code 1. */
export function checkEnvironment(): ScriptEnvironment {
  try {
    return scriptEnvironment()
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error
    console.error(`The environment will not do:\n${error.message}`)
    process.exit(1)
  }
}
