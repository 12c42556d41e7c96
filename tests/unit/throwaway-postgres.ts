// A database of its own on the machine's PostgreSQL (trust auth), for tests that run the
// site or a script on a real server; dropped afterwards. Such tests are skipped when no
// PostgreSQL answers, except in CI.
import postgres from 'postgres'
import { isListening } from '../../scripts/lib/database.ts'

export const POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432'

export const postgresAvailable = (await isListening(5432)) || Boolean(process.env.CI)

export interface ThrowawayDatabase {
  url: string
  drop(): Promise<void>
}

export async function throwawayDatabase(name: string): Promise<ThrowawayDatabase> {
  const admin = postgres(`${POSTGRES_SERVER}/test`, { max: 1, onnotice: () => {} })
  await admin.unsafe(`drop database if exists ${name}`)
  await admin.unsafe(`create database ${name}`)
  return {
    url: `${POSTGRES_SERVER}/${name}`,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}
