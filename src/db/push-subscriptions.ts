// A signed-in reader's devices for Web Push (supabase/migrations/…_push_subscriptions.sql,
// decision 132). A device is its endpoint: registering it again updates it, even from another
// account, since only the browser that holds the endpoint can hand it over.
import type postgres from 'postgres'
import type { AlertKind } from '../../lib/alert-kinds.ts'
import type { Locale } from '../../lib/locales.ts'
import type { QuietHours } from '../../lib/quiet-hours.ts'

export interface DeviceQuietHours extends QuietHours {
  /** The kinds still sent in the quiet hours. */
  allow: AlertKind[]
}

export interface PushDevice {
  endpoint: string
  /** base64url of the browser's P-256 point and of its auth secret, without padding. */
  keys: { p256dh: string; auth: string }
  lang: Locale
  timeZone: string
  quiet: DeviceQuietHours | null
}

export interface PushSubscription extends PushDevice {
  id: number
  userId: string
}

export interface PushSubscriptionRow {
  id: string
  user_id: string
  endpoint: string
  p256dh: string
  auth: string
  lang: Locale
  time_zone: string
  quiet_from: string | null
  quiet_to: string | null
  quiet_allows: AlertKind[]
}

// The kinds as JSON: the client reads no array types (fetch_types is off). The alert consumer
// reads devices with them too, beside their readers' columns (src/db/alerts.ts), so every
// column names the table's alias `s`.
export const SUBSCRIPTION_COLUMNS =
  's.id, s.user_id, s.endpoint, s.p256dh, s.auth, s.lang, s.time_zone, s.quiet_from::text, s.quiet_to::text, to_jsonb(s.quiet_allows) as quiet_allows'

/** "07:00:00" as the API writes it: "07:00". */
const clock = (time: string) => time.slice(0, 5)

export function subscriptionOf(row: PushSubscriptionRow): PushSubscription {
  return {
    id: Number(row.id),
    userId: row.user_id,
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
    lang: row.lang,
    timeZone: row.time_zone,
    quiet: row.quiet_from && row.quiet_to ? { from: clock(row.quiet_from), to: clock(row.quiet_to), allow: row.quiet_allows } : null,
  }
}

/** Registers `device` for the reader, or updates it when its endpoint is known: `created` says which. */
export async function savePushSubscription(sql: postgres.ISql, userId: string, device: PushDevice): Promise<{ subscription: PushSubscription; created: boolean }> {
  const { quiet } = device
  // xmax is 0 on a row this statement inserted, and the updating transaction's id otherwise.
  const [row] = await sql<(PushSubscriptionRow & { created: boolean })[]>`
    insert into push_subscriptions as s (user_id, endpoint, p256dh, auth, lang, time_zone, quiet_from, quiet_to, quiet_allows)
    values (${userId}, ${device.endpoint}, ${device.keys.p256dh}, ${device.keys.auth}, ${device.lang}, ${device.timeZone},
      ${quiet?.from ?? null}, ${quiet?.to ?? null}, array(select jsonb_array_elements_text(${sql.json(quiet?.allow ?? [])})))
    on conflict (endpoint) do update set
      user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang,
      time_zone = excluded.time_zone, quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to,
      quiet_allows = excluded.quiet_allows, updated_at = now()
    returning ${sql.unsafe(SUBSCRIPTION_COLUMNS)}, (xmax = 0) as created`
  const { created, ...saved } = row!
  return { subscription: subscriptionOf(saved), created }
}

/** Removes the reader's device with this endpoint; false when they have none. */
export async function removePushSubscription(sql: postgres.ISql, userId: string, endpoint: string): Promise<boolean> {
  const rows = await sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint} returning id`
  return rows.length > 0
}

/** Forgets a device the push service says is gone (404 or 410), whoever registered it. */
export async function forgetPushSubscription(sql: postgres.ISql, id: number): Promise<void> {
  await sql`delete from push_subscriptions where id = ${id}`
}
