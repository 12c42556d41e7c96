// Where the openfootball data the site is seeded from lives: the copy the project carries
// (data/openfootball, see its README), or FOOTBALL_DATA_DIR. Both resolve against the
// project root, whatever folder a script was started from.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { scriptEnvironment } from './environment.ts'

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const DEFAULT_FOOTBALL_DATA_DIR = 'data/openfootball'

export function footballDataDir(env: Record<string, string | undefined> = process.env): string {
  return resolve(PROJECT_ROOT, scriptEnvironment(env).footballDataDir ?? DEFAULT_FOOTBALL_DATA_DIR)
}

/** The seed stops with this rather than serve a site without football. */
export class FootballDataMissing extends Error {
  override name = 'FootballDataMissing'
}

/** Throws FootballDataMissing, saying how to fix it, when `dir` does not exist. */
export function assertFootballData(dir: string): void {
  if (!existsSync(dir)) throw new FootballDataMissing(missingDataMessage(dir, 'was not found'))
}

/** The refusal for a folder that is not there or holds no match, with the ways out. */
export function missingDataMessage(dir: string, what: string): string {
  const given = scriptEnvironment().footballDataDir
  const from = given ? `FOOTBALL_DATA_DIR=${given}` : `the default, ${DEFAULT_FOOTBALL_DATA_DIR}; FOOTBALL_DATA_DIR is not set`
  return [
    `football data: ${dir} ${what} (${from}).`,
    'The site would have no leagues, clubs, players or matches, so it stops here. To fix it:',
    `  - the project carries the data in ${DEFAULT_FOOTBALL_DATA_DIR}/: unset FOOTBALL_DATA_DIR, or restore it with \`git checkout -- ${DEFAULT_FOOTBALL_DATA_DIR}\` in the project folder`,
    '  - or point FOOTBALL_DATA_DIR at a copy of the openfootball repositories (football.json, worldcup.json, world, clubs),',
    '    e.g. FOOTBALL_DATA_DIR=/path/to/football npm start; data/openfootball/README.md names each repository and commit.',
  ].join('\n')
}

/** A script's last word on a failed seed: the refusal's message and exit code 1, or the error as thrown. */
export function exitOnMissingData(error: unknown): never {
  if (!(error instanceof FootballDataMissing)) throw error
  console.error(error.message)
  process.exit(1)
}
