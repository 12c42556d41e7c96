// The conflicts an import met (decision 087): a field an editor corrected, for which the
// import brought another value. The import kept the editor's value and recorded the
// difference (scripts/import/conflicts.ts); an editor settles it here, keeping their value
// ('ours') or taking the import's ('theirs'), which also hands the field back to imports.
import type postgres from 'postgres'
import type { SqlTag } from './football-fragments.ts'
import { recordAudit } from './audit.ts'
import type { LocalizedText } from '../../lib/localized.ts'

export interface ImportConflict {
  id: string
  target: { type: 'club' | 'player'; id: string; name: LocalizedText | null }
  field: string
  stored: unknown
  incoming: unknown
  source: string
  firstSeen: string
  lastSeen: string
}

export type Keep = 'ours' | 'theirs'

const conflictColumns = (sql: SqlTag) => sql`
  k.id::text, json_build_object('type', k.target_type, 'id', k.target_id::text,
    'name', case k.target_type when 'club' then (select c.name from clubs c where c.id = k.target_id)
      else (select p.name from players p where p.id = k.target_id) end) as target,
  k.field, k.stored, k.incoming, k.source, k.first_seen as "firstSeen", k.last_seen as "lastSeen"`

/** The conflicts no editor has settled yet, the most recently seen first. */
export function openConflicts(sql: postgres.Sql, limit: number): Promise<ImportConflict[]> {
  return sql<ImportConflict[]>`
    select ${conflictColumns(sql)} from import_conflicts k where k.resolved_at is null order by k.last_seen desc, k.id desc limit ${limit}`
}

/**
 * How 'theirs' writes the incoming value into its column: names per language into the jsonb
 * object, the rest as the column's own type. Only the fields `corrected` can name.
 */
const APPLY: Record<string, (value: string) => string> = {
  'name.ar': (v) => `name = jsonb_set(name, '{ar}', ${v})`,
  'name.en': (v) => `name = jsonb_set(name, '{en}', ${v})`,
  'short_name.ar': (v) => `short_name = jsonb_set(short_name, '{ar}', ${v})`,
  'short_name.en': (v) => `short_name = jsonb_set(short_name, '{en}', ${v})`,
  position: (v) => `position = ${v} #>> '{}'`,
  shirt_number: (v) => `shirt_number = (${v} #>> '{}')::integer`,
}

const TABLES = { club: 'clubs', player: 'players' } as const

/** Settles one open conflict; 'missing' when there is no open conflict with that id. */
export async function resolveConflict(sql: postgres.Sql, id: number, keep: Keep, actorId: string): Promise<{ row: ImportConflict } | { missing: true }> {
  return sql.begin(async (tx) => {
    const [conflict] = await tx<ImportConflict[]>`
      select ${conflictColumns(tx)} from import_conflicts k where k.id = ${id} and k.resolved_at is null for update of k`
    if (!conflict) return { missing: true }
    const apply = APPLY[conflict.field]
    if (keep === 'theirs' && apply) {
      await tx.unsafe(
        `update ${TABLES[conflict.target.type]} set ${apply('$1::jsonb')}, corrected = corrected - $2::text where id = $3`,
        [tx.json(conflict.incoming as postgres.JSONValue), conflict.field, conflict.target.id],
      )
    }
    await tx`update import_conflicts set resolved_at = now(), resolved_by = ${actorId}, resolution = ${keep} where id = ${id}`
    await recordAudit(tx, actorId, { action: 'conflict.resolve', targetType: conflict.target.type, targetId: conflict.target.id, before: conflict, after: { keep } })
    return { row: conflict }
  })
}
