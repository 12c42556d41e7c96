// The alert consumer's reads and writes (decisions 135, 136): who an event reaches, what its
// alert names, the one delivery per event and device, and the events that failed for good.
import type postgres from 'postgres'
import type { LocalizedText } from '../../lib/localized.ts'
import type { PostKind } from '../../lib/links.ts'
import type { AlertEvent, MatchAlertEvent } from '../alerts/events.ts'
import type { AudienceSlice } from '../alerts/slices.ts'
import { type PushSubscription, SUBSCRIPTION_COLUMNS, type PushSubscriptionRow, subscriptionOf } from './push-subscriptions.ts'
import type { SpoilerAlerts, SpoilerFree } from './users.ts'

/**
 * The devices of every reader who follows what the event concerns with its kind among the
 * follow's alerts: for a match event the match, either club, the competition or the player;
 * for news a club, player, competition or match the post is tagged with. A correction of an
 * undone goal goes only to the devices that were sent the goal. One row per device, however
 * many of its reader's follows match.
 */
/** A device the event is due to, with what its reader keeps hidden (decision 141). */
export interface AlertDevice extends PushSubscription {
  spoilerFree: SpoilerFree
  spoilerAlerts: SpoilerAlerts
}

/** Who the event reaches, as a condition on push_subscriptions `s` (one row per device). */
function audience(sql: postgres.Sql, event: AlertEvent, slice: AudienceSlice | null) {
  const { kind } = event
  const follows =
    event.type === 'match'
      ? sql`
        select 1 from follows f, matches m join seasons se on se.id = m.season_id
        where m.id = ${event.matchId} and f.user_id = s.user_id and ${kind} = any(f.alerts)
          and (f.match_id = m.id or f.club_id in (m.home_club_id, m.away_club_id)
            or f.competition_id = se.competition_id or f.player_id = ${event.playerId})`
      : sql`
        select 1 from follows f join post_tags t on t.post_id = ${event.postId}
          and (f.club_id = t.club_id or f.player_id = t.player_id or f.competition_id = t.competition_id or f.match_id = t.match_id)
        where f.user_id = s.user_id and ${kind} = any(f.alerts)`
  const correctionOf = event.type === 'match' ? event.correctionOf : null
  return sql`
    exists (${follows})
    and (${correctionOf}::text is null
      or exists (select 1 from alert_deliveries d where d.event_key = ${correctionOf} and d.subscription_id = s.id))
    and s.id > ${slice?.after ?? 0} and (${slice?.through ?? null}::bigint is null or s.id <= ${slice?.through ?? null})`
}

/** The devices of the event's audience, or of one slice of it; at most `limit` when given. */
export async function devicesFor(sql: postgres.Sql, event: AlertEvent, { slice = null, limit = null }: { slice?: AudienceSlice | null; limit?: number | null } = {}): Promise<AlertDevice[]> {
  const rows = await sql<(PushSubscriptionRow & { spoiler_free: SpoilerFree; spoiler_alerts: SpoilerAlerts })[]>`
    select ${sql.unsafe(SUBSCRIPTION_COLUMNS)}, u.spoiler_free, u.spoiler_alerts
    from push_subscriptions s join users u on u.id = s.user_id
    where ${audience(sql, event, slice)}
    order by s.id
    ${limit === null ? sql`` : sql`limit ${limit}`}`
  return rows.map((row) => ({ ...subscriptionOf(row), spoilerFree: row.spoiler_free, spoilerAlerts: row.spoiler_alerts }))
}

/** The ids alone of the event's whole audience, ascending: what it is sliced by. */
export async function audienceIds(sql: postgres.Sql, event: AlertEvent): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`select s.id::float8 as id from push_subscriptions s where ${audience(sql, event, null)} order by s.id`
  return rows.map((row) => row.id)
}

export interface MatchNames {
  home: LocalizedText
  away: LocalizedText
  player: LocalizedText | null
}

/** The clubs' names, and the player's when the players table knows him; null for a match deleted since. */
export async function matchNames(sql: postgres.Sql, event: MatchAlertEvent): Promise<MatchNames | null> {
  const [row] = await sql<MatchNames[]>`
    select h.name as home, a.name as away, (select p.name from players p where p.id = ${event.playerId}) as player
    from matches m join clubs h on h.id = m.home_club_id join clubs a on a.id = m.away_club_id
    where m.id = ${event.matchId}`
  return row ?? null
}

export interface PostHeadline {
  kind: PostKind
  title: LocalizedText
  slug: LocalizedText
}

/** A published post's title and slugs; null once it is deleted or taken down. */
export async function postHeadline(sql: postgres.Sql, postId: number): Promise<PostHeadline | null> {
  const [row] = await sql<PostHeadline[]>`
    select kind, title, json_build_object('ar', slug_ar, 'en', slug_en) as slug
    from posts where id = ${postId} and status = 'published'`
  return row ?? null
}

/** Claims the event for the device: true when this call inserted the row, so only it sends. */
/**
 * Claims the event for these devices in one statement (decision 135): the ids returned are the
 * devices this call may send to; a device already claimed by a retry or a second editor is not.
 */
export async function claimDeliveries(sql: postgres.Sql, eventKey: string, subscriptionIds: number[]): Promise<Set<number>> {
  if (subscriptionIds.length === 0) return new Set()
  const rows = await sql<{ id: number }[]>`
    insert into alert_deliveries (event_key, subscription_id)
    select ${eventKey}, id::bigint from jsonb_array_elements_text(${sql.json(subscriptionIds)}) as id
    on conflict do nothing returning subscription_id::float8 as id`
  return new Set(rows.map((row) => row.id))
}

/**
 * Forgets deliveries older than seven days (decision 142): by then no retry, correction or
 * message kept by the queue can name their event again. Run by the cron each minute, so each run
 * deletes about a minute's rows.
 */
export async function pruneAlertDeliveries(sql: postgres.Sql): Promise<number> {
  const rows = await sql`delete from alert_deliveries where sent_at < now() - interval '7 days'`
  return rows.count
}

/** Gives a claim back when the send is to be tried again, so the retry may send. */
export async function releaseDelivery(sql: postgres.Sql, eventKey: string, subscriptionId: number): Promise<void> {
  await sql`delete from alert_deliveries where event_key = ${eventKey} and subscription_id = ${subscriptionId}`
}

export interface AlertFailure {
  eventKey: string
  kind: string
  attempts: number
  failedAt: string
}

/** An event the dead-letter queue received: it was retried as often as the queue allows. */
export async function recordAlertFailure(sql: postgres.Sql, failure: Omit<AlertFailure, 'failedAt'>): Promise<void> {
  await sql`insert into alert_failures (event_key, kind, attempts) values (${failure.eventKey}, ${failure.kind}, ${failure.attempts})`
}

/** How many events failed for good, and the latest few, for the desk's data page. */
export async function alertFailures(sql: postgres.Sql, latest = 5): Promise<{ count: number; latest: AlertFailure[] }> {
  const [row] = await sql<{ count: number; latest: AlertFailure[] }[]>`
    select (select count(*)::int from alert_failures) as count,
      coalesce((select json_agg(f) from (
        select event_key as "eventKey", kind, attempts, failed_at as "failedAt"
        from alert_failures order by failed_at desc, id desc limit ${latest}) f), '[]'::json) as latest`
  return row!
}
