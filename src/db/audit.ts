// The audit log: every change made at the desk, with who made it, when, and the values
// before and after. It is written in the change's own transaction, so a change is never
// without its entry, nor an entry without its change.
import type postgres from 'postgres'

export interface AuditEntry {
  action: string
  targetType: string
  targetId: string | number
  before: unknown
  after: unknown
}

/** `actorId` null: the site itself (the cron, a sync). */
export async function recordAudit(tx: postgres.TransactionSql, actorId: string | number | null, entry: AuditEntry): Promise<void> {
  await tx`
    insert into audit_log (actor_id, action, target_type, target_id, before, after)
    values (${actorId}, ${entry.action}, ${entry.targetType}, ${String(entry.targetId)},
      ${entry.before === null ? null : tx.json(entry.before as postgres.JSONValue)},
      ${entry.after === null ? null : tx.json(entry.after as postgres.JSONValue)})`
}

export interface AuditRow {
  id: string
  at: string
  actor: { id: string; name: string; email: string } | null
  action: string
  target: { type: string; id: string }
  before: unknown
  after: unknown
}

export interface AuditQuery {
  targetType?: string | undefined
  targetId?: string | undefined
  /** Entries older than this id: the next page. */
  before?: number | undefined
  limit: number
}

/** The newest entries first, narrowed to one target when asked. */
export async function listAudit(sql: postgres.Sql, query: AuditQuery): Promise<AuditRow[]> {
  return sql<AuditRow[]>`
    select a.id::text, a.at, a.action, a.before, a.after,
      json_build_object('type', a.target_type, 'id', a.target_id) as target,
      case when u.id is null then null else json_build_object('id', u.id::text, 'name', u.name, 'email', u.email) end as actor
    from audit_log a left join users u on u.id = a.actor_id
    where (${query.targetType ?? null}::text is null or a.target_type = ${query.targetType ?? null})
      and (${query.targetId ?? null}::text is null or a.target_id = ${query.targetId ?? null})
      and (${query.before ?? null}::bigint is null or a.id < ${query.before ?? null})
    order by a.id desc
    limit ${query.limit}`
}
