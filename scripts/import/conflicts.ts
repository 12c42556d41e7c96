// An import never overwrites a field an editor corrected (write.ts keeps it); where it
// brings another value for one, the difference is recorded in import_conflicts for the
// desk to settle (decision 087) and named in the import's log. A field the import has no
// value for is no conflict: the source simply does not know it.
import type { JSONValue, TransactionSql } from 'postgres'
import type { FileRows } from './plan.ts'

export interface Conflict {
  target: 'club' | 'player'
  id: string
  field: string
  stored: unknown
  incoming: unknown
}

/**
 * Records the conflicts between `rows` and the stored clubs and players, before the write.
 * A conflict already open for the same field is refreshed (its incoming value, its source,
 * last_seen), so importing the same file twice leaves one conflict.
 */
export async function recordConflicts(tx: TransactionSql, rows: FileRows, source: string): Promise<Conflict[]> {
  const found: Conflict[] = []
  for (const [target, table, incoming] of [
    ['club', 'clubs', rows.clubs],
    ['player', 'players', rows.players],
  ] as const) {
    if (incoming.length === 0) continue
    // A field's path in the row: "name.ar" is name -> ar, "position" is position.
    const conflicts = await tx.unsafe<Conflict[]>(
      `with incoming as (select x.r from jsonb_array_elements($1::jsonb) as x(r)),
       differing as (
         select t.id, f.field, to_jsonb(t) #> string_to_array(f.field, '.') as stored, i.r #> string_to_array(f.field, '.') as incoming
         from incoming i join ${table} t on t.source_key = i.r ->> 'source_key'
         cross join lateral jsonb_array_elements_text(t.corrected) as f(field)
       )
       insert into import_conflicts as k (target_type, target_id, field, stored, incoming, source)
       select $2, d.id, d.field, d.stored, d.incoming, $3 from differing d
       where d.incoming is not null and d.incoming <> 'null'::jsonb and d.incoming is distinct from d.stored
       on conflict (target_type, target_id, field) where resolved_at is null
       do update set stored = excluded.stored, incoming = excluded.incoming, source = excluded.source, last_seen = now()
       returning '${target}' as target, k.target_id::text as id, k.field, k.stored, k.incoming`,
      [tx.json(incoming as unknown as JSONValue), target, source],
    )
    found.push(...conflicts)
  }
  return found
}

/** A conflict as the import's log shows it. */
export function describeConflict(c: Conflict): string {
  return `conflict: ${c.target} ${c.id} ${c.field} corrected to ${JSON.stringify(c.stored)}, import brings ${JSON.stringify(c.incoming)} (kept the correction)`
}
