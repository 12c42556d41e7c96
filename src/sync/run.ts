// One sync run, recorded: sync_runs keeps what it did for the data status page. The Cron
// Trigger (src/scheduled.ts) runs each configured source when it is due, and
// `npm run sync -- <source>` runs one by hand (scripts/sync.ts).
import type postgres from 'postgres'
import { removeDemoFixtures } from '../db/demo-fixtures.ts'
import { finishRun, lastRunStarts, startRun } from '../db/sync-state.ts'
import { settingOr } from '../settings.ts'
import { type Broadcast, emptyOutcome, type SyncReport } from './fixture-writer.ts'
import { syncFootballData } from './football-data.ts'
import { syncOpenfootball } from './openfootball.ts'
import type { FootballDataSettings } from './sources.ts'
import { SYNC_LIMITS, type SyncLimits } from './provider-limits.ts'

export const SYNC_SOURCES = ['football-data', 'openfootball'] as const
export type SyncSource = (typeof SYNC_SOURCES)[number]

export interface SyncConfig {
  footballData: FootballDataSettings | null
  openfootballUrls: string[]
  /** The same for every deployment (decision 100); a test shortens the time-out. */
  limits: SyncLimits
}

/**
 * How often each source runs (decision 095): football-data every minute, for live scores
 * within its 10 requests a minute; openfootball's files change a few times a week, so hourly.
 */
export const SYNC_EVERY_MS: Readonly<Record<SyncSource, number>> = { 'football-data': 60_000, openfootball: 60 * 60_000 }

/**
 * The syncs' settings from the worker's variables (or a script's environment). A wrong one
 * turns its source off and is named in `problems`, so the other source still runs.
 */
export function syncConfigOf(env: Env): { config: SyncConfig; problems: string[] } {
  const problems: string[] = []
  const wrong = <T>(off: T) => (error: Error): T => {
    problems.push(error.message)
    return off
  }
  const config = {
    footballData: settingOr(env, 'footballDataSync', wrong(null)),
    openfootballUrls: settingOr(env, 'openfootballSync', wrong<string[]>([])),
    limits: SYNC_LIMITS,
  }
  return { config, problems }
}

export function configured(config: SyncConfig): SyncSource[] {
  return SYNC_SOURCES.filter((source) => (source === 'football-data' ? config.footballData !== null : config.openfootballUrls.length > 0))
}

/** When a source runs next, after a run that started at `last` (null: never ran, so now). */
export function nextRunAt(source: SyncSource, last: Date | null, now: Date): Date {
  if (!last) return now
  // A minute's runs start a little after the minute; "due" allows for that jitter.
  return new Date(Math.max(last.getTime() + SYNC_EVERY_MS[source], now.getTime()))
}

/** The configured sources whose interval has passed since their last run began (a few seconds' slack). */
export async function dueSources(sql: postgres.Sql, config: SyncConfig, now: Date): Promise<SyncSource[]> {
  const last = await lastRunStarts(sql)
  return configured(config).filter((source) => now.getTime() - (last.get(source) ?? 0) >= SYNC_EVERY_MS[source] - 5_000)
}

/** Runs one source and records the run; a run that throws is recorded with its error. */
export async function runSync(sql: postgres.Sql, source: SyncSource, config: SyncConfig, broadcast: Broadcast): Promise<SyncReport & { run: number }> {
  const run = await startRun(sql, source)
  let report: SyncReport
  try {
    report =
      source === 'football-data'
        ? await syncFootballData(sql, config.footballData!, broadcast, config.limits)
        : await syncOpenfootball(sql, config.openfootballUrls, broadcast, config.limits)
  } catch (error) {
    report = { requests: 0, ...emptyOutcome(), errors: [error instanceof Error ? error.message : String(error)] }
  }
  await finishRun(sql, run, report)
  // Real fixtures have arrived: the seed's invented ones step aside, and it invents no more (decision 096).
  if (report.created + report.updated + report.unchanged > 0) await removeDemoFixtures(sql)
  return { ...report, run }
}
