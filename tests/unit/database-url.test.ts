// DATABASE_URL as a trust-auth user types it, completed for Miniflare's Hyperdrive, which
// refuses a URL without a user, a password or a database.
import { describe, expect, it } from 'vitest'
import { completeDatabaseUrl, PLACEHOLDER_PASSWORD } from '../../scripts/lib/database-url.ts'

const NO_ENV = { PGUSER: 'login' }

describe('completeDatabaseUrl', () => {
  it('adds a placeholder password where there is none', () => {
    expect(completeDatabaseUrl('postgres://postgres@127.0.0.1:5432/test', NO_ENV)).toBe(`postgres://postgres:${PLACEHOLDER_PASSWORD}@127.0.0.1:5432/test`)
    expect(completeDatabaseUrl('postgresql://postgres@db.example/test', NO_ENV)).toBe(`postgresql://postgres:${PLACEHOLDER_PASSWORD}@db.example/test`)
  })

  it('takes PGPASSWORD before the placeholder, as postgres.js does', () => {
    expect(completeDatabaseUrl('postgres://app@127.0.0.1/test', { PGPASSWORD: 's3cr:t@' })).toBe('postgres://app:s3cr%3At%40@127.0.0.1/test')
  })

  it('keeps a URL that is already complete exactly as it is', () => {
    for (const url of [
      'postgres://postgres:postgres@127.0.0.1:5432/postgres',
      'postgres://app:p%40ss%2Fword@db.example:6543/hadaf?sslmode=require&application_name=hadaf',
      'postgres://us%40er:pw@[::1]:5432/te%20st',
    ]) {
      expect(completeDatabaseUrl(url, NO_ENV)).toBe(url)
    }
  })

  it('keeps query parameters and percent-encoding while filling in', () => {
    expect(completeDatabaseUrl('postgres://us%40er@db.example/my%20db?sslmode=disable&options=-c%20search_path%3Dpublic', NO_ENV)).toBe(
      `postgres://us%40er:${PLACEHOLDER_PASSWORD}@db.example/my%20db?sslmode=disable&options=-c%20search_path%3Dpublic`,
    )
  })

  it('fills user, database and host as postgres.js would: PGUSER or the login, PGDATABASE or the user, PGHOST or localhost', () => {
    expect(completeDatabaseUrl('postgres://127.0.0.1:5432/test', { PGUSER: 'al ice' })).toBe(`postgres://al%20ice:${PLACEHOLDER_PASSWORD}@127.0.0.1:5432/test`)
    expect(completeDatabaseUrl('postgres://postgres@127.0.0.1', NO_ENV)).toBe(`postgres://postgres:${PLACEHOLDER_PASSWORD}@127.0.0.1/postgres`)
    expect(completeDatabaseUrl('postgres://app@127.0.0.1/', { PGDATABASE: 'hadaf' })).toBe(`postgres://app:${PLACEHOLDER_PASSWORD}@127.0.0.1/hadaf`)
    expect(completeDatabaseUrl('postgres:///test', { PGUSER: 'postgres', PGHOST: 'db.internal', PGPORT: '6432' })).toBe(
      `postgres://postgres:${PLACEHOLDER_PASSWORD}@db.internal:6432/test`,
    )
    expect(completeDatabaseUrl('postgres:///test', NO_ENV)).toBe(`postgres://login:${PLACEHOLDER_PASSWORD}@localhost/test`)
    expect(new URL(completeDatabaseUrl('postgres://127.0.0.1/test', {})).username).not.toBe('')
  })

  it('refuses a Unix socket, however it is written, naming the TCP form instead', () => {
    for (const [url, env] of [
      ['postgres://%2Fvar%2Frun%2Fpostgresql/test', NO_ENV],
      ['postgres://postgres@%2Fvar%2Frun%2Fpostgresql:5432/test', NO_ENV],
      ['postgres:///test?host=/var/run/postgresql', NO_ENV],
      ['postgres:///test', { PGHOST: '/var/run/postgresql' }],
    ] as const) {
      expect(() => completeDatabaseUrl(url, env)).toThrow(/Unix socket \(\/var\/run\/postgresql\)[\s\S]*TCP[\s\S]*postgres:\/\/postgres@127\.0\.0\.1:5432/)
    }
  })

  it('refuses what is not a PostgreSQL URL, without echoing it (it may hold a password)', () => {
    expect(() => completeDatabaseUrl('host=localhost password=hunter2', NO_ENV)).toThrow(/not a URL/)
    expect(() => completeDatabaseUrl('host=localhost password=hunter2', NO_ENV)).not.toThrow(/hunter2/)
    expect(() => completeDatabaseUrl('mysql://root:pw@127.0.0.1/test', NO_ENV)).toThrow(/postgres:\/\/ or postgresql:\/\//)
  })
})
