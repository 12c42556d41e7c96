// Competitions as the desk makes and edits them (docs/desk-api.md, Competitions): the row, and
// its table rules (competition_rules, decision 148). Each change is one transaction with its
// audit entry; the tables' triggers raise tables_version and renew the pages that show them
// (supabase/migrations/20261130000100_competition_rules.sql).
import type postgres from 'postgres'
import type { LocalizedText } from '../../lib/localized.ts'
import type { SeasonRules } from '../../lib/standings-rules.ts'
import { recordAudit } from './audit.ts'
import type { SqlTag } from './football-fragments.ts'

export interface DeskCompetition {
  id: string
  kind: 'league' | 'cup'
  name: LocalizedText
  shortName: LocalizedText
  country: string | null
  /** The zone editors type kick-offs in. */
  timezone: string
  /** Season by season; null: the default rules (lib/standings-rules.ts). */
  rules: SeasonRules[] | null
  /** Its seasons, newest first. */
  seasons: string[]
}

export interface CompetitionFields {
  kind: 'league' | 'cup'
  name: LocalizedText
  shortName: LocalizedText
  country: string | null
  timezone: string
}

/** What a PATCH changes: a field left undefined stays; `rules: null` goes back to the default rules. */
export type CompetitionChange = { [K in keyof CompetitionFields]?: CompetitionFields[K] | undefined } & { rules?: SeasonRules[] | null | undefined }

const columns = (sql: SqlTag) => sql`
  c.id, c.kind, c.name, c.short_name as "shortName", c.country, c.timezone,
  (select r.seasons from competition_rules r where r.competition_id = c.id) as rules,
  coalesce((select json_agg(s.label order by s.label desc) from seasons s where s.competition_id = c.id), '[]') as seasons`

async function load(tx: SqlTag, id: string, lock = false): Promise<DeskCompetition | undefined> {
  const [row] = await tx<DeskCompetition[]>`select ${columns(tx)} from competitions c where c.id = ${id} ${lock ? tx`for update of c` : tx``}`
  return row
}

/** Every competition, the flagship ones first. */
export function listCompetitions(sql: postgres.Sql): Promise<DeskCompetition[]> {
  return sql<DeskCompetition[]>`select ${columns(sql)} from competitions c order by c.priority, c.id`
}

/** One competition; undefined for an unknown id. */
export function readCompetition(sql: postgres.Sql, id: string): Promise<DeskCompetition | undefined> {
  return load(sql, id)
}

/**
 * Keeps `rules` as the competition's: null deletes them, so the default rules apply. The same
 * rules as kept (compared as jsonb, whatever the order of their keys) write nothing: every
 * write to competition_rules makes every stored table stale.
 */
async function writeRules(tx: postgres.TransactionSql, id: string, rules: SeasonRules[] | null): Promise<void> {
  const json = rules === null ? null : tx.json(rules as unknown as postgres.JSONValue)
  const [kept] = await tx<{ same: boolean }[]>`
    select ${json}::jsonb is not distinct from (select seasons from competition_rules where competition_id = ${id}) as same`
  if (kept!.same) return
  if (rules === null) await tx`delete from competition_rules where competition_id = ${id}`
  else {
    await tx`insert into competition_rules (competition_id, seasons) values (${id}, ${json})
      on conflict (competition_id) do update set seasons = excluded.seasons`
  }
}

/**
 * A new competition. Without `rules` it takes any kept for its id (the seed's rules wait for
 * the import that brings their competition), else the default.
 */
export async function createCompetition(
  sql: postgres.Sql,
  id: string,
  fields: CompetitionFields,
  rules: SeasonRules[] | null | undefined,
  actorId: string,
): Promise<{ row: DeskCompetition } | { taken: true }> {
  return sql.begin(async (tx) => {
    const [inserted] = await tx`
      insert into competitions (id, kind, name, short_name, country, timezone)
      values (${id}, ${fields.kind}, ${tx.json(fields.name)}, ${tx.json(fields.shortName)}, ${fields.country}, ${fields.timezone})
      on conflict (id) do nothing returning id`
    if (!inserted) return { taken: true as const }
    if (rules !== undefined) await writeRules(tx, id, rules)
    const row = (await load(tx, id))!
    await recordAudit(tx, actorId, { action: 'competition.create', targetType: 'competition', targetId: id, before: null, after: row })
    return { row }
  })
}

/** Changes what `change` sets; nothing changed writes nothing (no audit entry, no page renewed). */
export async function updateCompetition(sql: postgres.Sql, id: string, change: CompetitionChange, actorId: string): Promise<{ row: DeskCompetition } | { missing: true }> {
  return sql.begin(async (tx) => {
    const before = await load(tx, id, true)
    if (!before) return { missing: true as const }
    const kept = <T>(value: T | undefined, stored: T) => (value === undefined ? stored : value)
    const next = {
      kind: kept(change.kind, before.kind),
      name: { ...before.name, ...change.name },
      shortName: { ...before.shortName, ...change.shortName },
      country: kept(change.country, before.country),
      timezone: kept(change.timezone, before.timezone),
    }
    const { kind, name, shortName, country, timezone } = before
    if (JSON.stringify(next) !== JSON.stringify({ kind, name, shortName, country, timezone })) {
      await tx`update competitions set kind = ${next.kind}, name = ${tx.json(next.name)}, short_name = ${tx.json(next.shortName)},
        country = ${next.country}, timezone = ${next.timezone} where id = ${id}`
    }
    if (change.rules !== undefined) await writeRules(tx, id, change.rules)
    const after = (await load(tx, id))!
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      await recordAudit(tx, actorId, { action: 'competition.update', targetType: 'competition', targetId: id, before, after })
    }
    return { row: after }
  })
}
