// The desk's order of the big competitions on the matches page (decision 124;
// supabase/migrations/20261128000400_competition_order.sql): read and replaced as one list.
import type postgres from 'postgres'
import { recordAudit } from './audit.ts'
import type { CompetitionRef } from './football-fragments.ts'

export interface OrderedCompetition extends CompetitionRef {
  /** Its place among the big ones (1 first), or null for the rest, which follow by name. */
  position: number | null
}

/** Every competition: the big ones in the desk's order, then the rest by id. */
export function readCompetitionOrder(sql: postgres.Sql | postgres.TransactionSql): Promise<OrderedCompetition[]> {
  return sql<OrderedCompetition[]>`
    select c.id, c.name, c.short_name as short, c.kind, o.position
    from competitions c left join competition_order o on o.competition_id = c.id
    order by o.position nulls last, c.id`
}

export type OrderResult = { competitions: OrderedCompetition[] } | { unknown: number }

/**
 * Makes `ids` the big competitions, in that order; the rest follow by name. A list the same as
 * the one kept writes nothing (no audit entry, no new page version); `unknown` is the index of
 * an id no competition has.
 */
export async function replaceCompetitionOrder(sql: postgres.Sql, ids: string[], actorId: string): Promise<OrderResult> {
  return sql.begin(async (tx): Promise<OrderResult> => {
    // Two editors saving at once take turns.
    await tx`lock table competition_order in share row exclusive mode`
    const known = new Set((await tx<{ id: string }[]>`select id from competitions where id in ${tx(ids.length ? ids : [''])}`).map((r) => r.id))
    const unknown = ids.findIndex((id) => !known.has(id))
    if (unknown >= 0) return { unknown }
    const before = (await tx<{ id: string }[]>`
      select o.competition_id as id from competition_order o join competitions c on c.id = o.competition_id order by o.position`).map((r) => r.id)
    if (before.join() !== ids.join()) {
      await tx`delete from competition_order`
      if (ids.length > 0) await tx`insert into competition_order ${tx(ids.map((id, i) => ({ competition_id: id, position: i + 1 })))}`
      await recordAudit(tx, actorId, { action: 'competitions.order', targetType: 'competitions', targetId: 'order', before, after: ids })
    }
    return { competitions: await readCompetitionOrder(tx) }
  })
}
