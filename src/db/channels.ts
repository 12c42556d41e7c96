// The channels editors keep and each match's broadcasts (issue 26, decision 119). A channel's
// logo is a library image, shown with the library's credit and licence. A match's broadcasts
// are replaced as one list; every change is audited in its own transaction, and a change that
// changes nothing is neither written nor audited (a screen saves whole forms).
import type postgres from 'postgres'
import type { CountryCode } from '../../lib/countries.ts'
import type { CommentaryLanguage } from '../../lib/languages.ts'
import type { Licence } from '../media/licences.ts'
import { recordAudit } from './audit.ts'
import { contains } from './desk-football.ts'
import type { Bilingual } from './desk-posts.ts'
import { matchJoins, matchJson, type MatchSummary, type SqlTag } from './football-fragments.ts'
import { mediaKind } from './media-library.ts'

/** How to get a channel, in either language or both. */
export type Reception = Partial<Bilingual>

export interface ChannelLogo {
  id: string
  /** The original image under /media/: a logo is drawn small. */
  src: string
  width: number
  height: number
  alt: Bilingual
  credit: string
  licence: Licence
}

export interface Channel {
  id: string
  name: Bilingual
  freeToAir: boolean
  countries: CountryCode[]
  url: string | null
  reception: Reception
  logo: ChannelLogo | null
  createdAt: string
  updatedAt: string
}

export interface NewChannel {
  name: Bilingual
  freeToAir: boolean
  countries: CountryCode[]
  url: string | null
  reception: Reception
  logo: number | null
}

/** What a PATCH sends: a field left out stays; null takes a url, a reception text or the logo away. */
export interface ChannelPatch {
  name?: Partial<Bilingual> | undefined
  freeToAir?: boolean | undefined
  countries?: CountryCode[] | undefined
  url?: string | null | undefined
  reception?: { ar?: string | null | undefined; en?: string | null | undefined } | undefined
  logo?: number | null | undefined
}

/** One commentator, named in one language or both. */
export type Commentator = Partial<Bilingual>

export interface BroadcastInput {
  channelId: number
  countries: CountryCode[]
  commentators: Commentator[]
  language: CommentaryLanguage | null
}

export interface Broadcast {
  channel: Channel
  countries: CountryCode[]
  commentators: Commentator[]
  language: CommentaryLanguage | null
}

/** The channel aliased `c` as JSON, its logo from the library. */
const channelJson = (sql: SqlTag) => sql`json_build_object(
  'id', c.id::text, 'name', c.name, 'freeToAir', c.free_to_air, 'countries', to_jsonb(c.countries), 'url', c.url,
  'reception', c.reception,
  'logo', (select json_build_object('id', m.id::text, 'src', '/media/' || m.storage_key, 'width', m.width, 'height', m.height,
      'alt', m.alt, 'credit', m.credit, 'licence', m.licence) from media m where m.id = c.logo_media_id),
  'createdAt', c.created_at, 'updatedAt', c.updated_at)`

async function loadChannel(sql: SqlTag, id: number, lock: boolean): Promise<Channel | undefined> {
  const [row] = await sql<{ channel: Channel }[]>`
    select ${channelJson(sql)} as channel from channels c where c.id = ${id} ${lock ? sql`for update of c` : sql``}`
  return row?.channel
}

/** One channel; undefined for an unknown id. */
export function readChannel(sql: postgres.Sql, id: number): Promise<Channel | undefined> {
  return loadChannel(sql, id, false)
}

export interface ChannelQuery {
  /** Part of a name, in either language. */
  q: string
  /** Only the channels that air there. */
  country: CountryCode | undefined
  limit: number
}

/** Channels by English name. */
export async function listChannels(sql: postgres.Sql, { q, country, limit }: ChannelQuery): Promise<Channel[]> {
  const like = contains(q)
  const rows = await sql<{ channel: Channel }[]>`
    select ${channelJson(sql)} as channel from channels c
    where ${q === '' ? sql`true` : sql`(c.name ->> 'en' ilike ${like} or c.name ->> 'ar' ilike ${like})`}
      and ${country === undefined ? sql`true` : sql`${country} = any (c.countries)`}
    order by lower(c.name ->> 'en'), c.id limit ${limit}`
  return rows.map((row) => row.channel)
}

/** Why a channel was not written: the field to name in the 422. */
export type ChannelRefusal = { refused: 'logo' | 'name.ar' | 'name.en' }

/** Postgres's unique indexes on the names, as the field an editor typed. */
const NAME_INDEXES: Record<string, ChannelRefusal['refused']> = { channels_name_en_key: 'name.en', channels_name_ar_key: 'name.ar' }

/** A name another channel has: the field, for the 422; anything else is thrown on. */
function nameTaken(error: unknown): ChannelRefusal {
  const index = typeof error === 'object' && error !== null && 'constraint_name' in error ? NAME_INDEXES[String(error.constraint_name)] : undefined
  if (index === undefined || (error as { code?: string }).code !== '23505') throw error
  return { refused: index }
}

/** A text[] of country codes, passed as JSON: the worker's client fetches no array types. */
const codes = (sql: SqlTag, countries: CountryCode[]) => sql`array(select jsonb_array_elements_text(${sql.json(countries)}))`

const isLogo = async (sql: SqlTag, id: number | null) => id === null || (await mediaKind(sql, String(id))) === 'image'

/** A new channel, audited as `channel.create`; its id. */
export async function insertChannel(sql: postgres.Sql, channel: NewChannel, actorId: string): Promise<{ id: string } | ChannelRefusal> {
  return sql
    .begin(async (tx): Promise<{ id: string } | ChannelRefusal> => {
      if (!(await isLogo(tx, channel.logo))) return { refused: 'logo' }
      const [row] = await tx<{ id: string }[]>`
        insert into channels (name, free_to_air, countries, url, reception, logo_media_id, created_by)
        values (${tx.json(channel.name)}, ${channel.freeToAir}, ${codes(tx, channel.countries)}, ${channel.url}, ${tx.json(channel.reception)},
          ${channel.logo}, ${actorId})
        returning id::text`
      const after = await loadChannel(tx, Number(row!.id), false)
      await recordAudit(tx, actorId, { action: 'channel.create', targetType: 'channel', targetId: row!.id, before: null, after: auditedChannel(after!) })
      return row!
    })
    .catch(nameTaken)
}

/** What the audit log keeps of a channel: what an editor sets, not its timestamps. */
function auditedChannel({ createdAt: _created, updatedAt: _updated, logo, ...channel }: Channel) {
  return { ...channel, logo: logo?.id ?? null }
}

/** JSON with each object's keys sorted: two values that say the same thing are the same text. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1))) : item,
  )

/** Texts set, and languages sent as null taken away. */
function patchedReception(current: Reception, patch: ChannelPatch['reception']): Reception {
  const next: Reception = { ...current }
  for (const lang of ['ar', 'en'] as const) {
    const text = patch?.[lang]
    if (text === null) delete next[lang]
    else if (text !== undefined) next[lang] = text
  }
  return next
}

/** The channel as changed, audited as `channel.update` when anything changed; undefined for an unknown id. */
export async function updateChannel(sql: postgres.Sql, id: number, patch: ChannelPatch, actorId: string): Promise<Channel | undefined | ChannelRefusal> {
  return sql
    .begin(async (tx): Promise<Channel | undefined | ChannelRefusal> => {
      const before = await loadChannel(tx, id, true)
      if (!before) return undefined
      const logo = patch.logo === undefined ? (before.logo ? Number(before.logo.id) : null) : patch.logo
      if (patch.logo !== undefined && !(await isLogo(tx, logo))) return { refused: 'logo' }
      const audited = auditedChannel(before)
      const next = {
        ...audited,
        name: { ...before.name, ...patch.name },
        freeToAir: patch.freeToAir ?? before.freeToAir,
        countries: patch.countries ?? before.countries,
        url: patch.url === undefined ? before.url : patch.url,
        reception: patchedReception(before.reception, patch.reception),
        logo: logo === null ? null : String(logo),
      }
      if (canonical(next) === canonical(audited)) return before
      await tx`
        update channels set name = ${tx.json(next.name)}, free_to_air = ${next.freeToAir}, countries = ${codes(tx, next.countries)},
          url = ${next.url}, reception = ${tx.json(next.reception)}, logo_media_id = ${logo}, updated_at = now()
        where id = ${id}`
      const after = (await loadChannel(tx, id, false))!
      await recordAudit(tx, actorId, { action: 'channel.update', targetType: 'channel', targetId: id, before: audited, after: auditedChannel(after) })
      return after
    })
    .catch(nameTaken)
}

/** Match `matchId`'s broadcasts as a JSON array (Broadcast[]) in the editor's order: a fragment of the match page's one statement too. */
export const broadcastsJson = (sql: SqlTag, matchId: number) => sql`(
    select coalesce(json_agg(json_build_object('channel', ${channelJson(sql)}, 'countries', to_jsonb(b.countries),
        'commentators', b.commentators, 'language', b.language) order by b.list_order), '[]'::json)
    from broadcasts b join channels c on c.id = b.channel_id
    where b.match_id = ${matchId})`

async function loadBroadcasts(sql: SqlTag, matchId: number): Promise<Broadcast[]> {
  const [row] = await sql<{ broadcasts: Broadcast[] }[]>`select ${broadcastsJson(sql, matchId)} as broadcasts`
  return row!.broadcasts
}

/** Match `matchId`'s broadcasts in the editor's order; undefined when there is no such match. */
export async function readMatchBroadcasts(sql: postgres.Sql, matchId: number): Promise<Broadcast[] | undefined> {
  const [match] = await sql`select 1 from matches where id = ${matchId}`
  return match ? loadBroadcasts(sql, matchId) : undefined
}

/** A broadcast as the audit log keeps it and a PUT sends it. */
const asInput = (broadcast: Broadcast): BroadcastInput => ({
  channelId: Number(broadcast.channel.id),
  countries: broadcast.countries,
  commentators: broadcast.commentators,
  language: broadcast.language,
})

export type BroadcastsResult = { broadcasts: Broadcast[] } | { missingMatch: true } | { missingChannel: number }

/** The ids of `ids` that name no channel. */
async function unknownChannels(tx: postgres.TransactionSql, ids: number[]): Promise<Set<number>> {
  const known = await tx<{ id: string }[]>`
    select id::text from channels where id in (select jsonb_array_elements_text(${tx.json(ids)})::bigint)`
  const knownIds = new Set(known.map((row) => Number(row.id)))
  return new Set(ids.filter((id) => !knownIds.has(id)))
}

/**
 * Writes `list` as match `matchId`'s broadcasts, in its order, unless it says what `before`
 * says; audited as `match.broadcasts`, which also makes a demo fixture the newsroom's
 * (decision 103). Whether it wrote.
 */
async function writeBroadcasts(tx: postgres.TransactionSql, matchId: number, before: BroadcastInput[], list: BroadcastInput[], actorId: string): Promise<boolean> {
  if (canonical(before) === canonical(list)) return false
  await tx`delete from broadcasts where match_id = ${matchId}`
  await tx`
    insert into broadcasts (match_id, channel_id, list_order, countries, commentators, language)
    select ${matchId}, (b ->> 'channelId')::bigint, n - 1, array(select jsonb_array_elements_text(b -> 'countries')),
      b -> 'commentators', b ->> 'language'
    from jsonb_array_elements(${tx.json(list as unknown as postgres.JSONValue)}) with ordinality as e(b, n)`
  await recordAudit(tx, actorId, { action: 'match.broadcasts', targetType: 'match', targetId: matchId, before, after: list })
  return true
}

/**
 * Replaces match `matchId`'s broadcasts with `list`. `missingChannel` is the index of the
 * first entry whose channel does not exist.
 */
export async function replaceMatchBroadcasts(sql: postgres.Sql, matchId: number, list: BroadcastInput[], actorId: string): Promise<BroadcastsResult> {
  return sql.begin(async (tx): Promise<BroadcastsResult> => {
    // Two editors saving one match's list at once take turns; the live desk's writes go on.
    const [match] = await tx`select 1 from matches where id = ${matchId} for no key update`
    if (!match) return { missingMatch: true }
    const unknown = await unknownChannels(tx, list.map((b) => b.channelId))
    const missing = list.findIndex((b) => unknown.has(b.channelId))
    if (missing >= 0) return { missingChannel: missing }
    const before = await loadBroadcasts(tx, matchId)
    if (!(await writeBroadcasts(tx, matchId, before.map(asInput), list, actorId))) return { broadcasts: before }
    return { broadcasts: await loadBroadcasts(tx, matchId) }
  })
}

export interface Round {
  name: string
  matches: number
  firstKickoff: string
}

/** Season `seasonId`'s rounds, in the order they are played; undefined for an unknown season. */
export async function listSeasonRounds(sql: postgres.Sql, seasonId: number): Promise<Round[] | undefined> {
  const [row] = await sql<{ season: boolean; rounds: Round[] }[]>`
    select exists (select 1 from seasons where id = ${seasonId}) as season,
      coalesce((select json_agg(r order by r."firstKickoff", r.name) from (
        select m.round as name, count(*)::int as matches, min(m.kickoff) as "firstKickoff"
        from matches m where m.season_id = ${seasonId} and m.round is not null group by m.round) r), '[]'::json) as rounds`
  return row!.season ? row!.rounds : undefined
}

export interface RoundMatch {
  match: MatchSummary
  broadcasts: Broadcast[]
}

/** The matches of round `round` of season `seasonId` by kick-off, each with its broadcasts. */
export function readRoundBroadcasts(sql: postgres.Sql, seasonId: number, round: string): Promise<RoundMatch[]> {
  return sql<RoundMatch[]>`
    select ${matchJson(sql)} as match,
      coalesce((select json_agg(json_build_object('channel', ${channelJson(sql)}, 'countries', to_jsonb(b.countries),
          'commentators', b.commentators, 'language', b.language) order by b.list_order)
        from broadcasts b join channels c on c.id = b.channel_id where b.match_id = m.id), '[]'::json) as broadcasts
    from matches m ${matchJoins(sql)}
    where m.season_id = ${seasonId} and m.round = ${round}
    order by m.kickoff, m.id`
}

export interface RoundCopy {
  seasonId: number
  round: string
  channelId: number
  /** The channel's own when null. */
  countries: CountryCode[] | null
  language: CommentaryLanguage | null
}

export type RoundCopyResult = { matches: number; changed: number } | { refused: 'season_id' | 'round' | 'channel_id' } | { full: number }

/**
 * Puts one channel on every match of a round: added at the end of a match's list, or, where
 * the channel is there already, given these countries and this language. Commentators are the
 * match's and stay. One transaction; each match that changed is audited as a PUT is.
 */
export async function copyToRound(sql: postgres.Sql, copy: RoundCopy, actorId: string, most: number): Promise<RoundCopyResult> {
  return sql.begin(async (tx): Promise<RoundCopyResult> => {
    const [season] = await tx`select 1 from seasons where id = ${copy.seasonId}`
    if (!season) return { refused: 'season_id' }
    const [channel] = await tx<{ countries: CountryCode[] }[]>`select to_jsonb(countries) as countries from channels where id = ${copy.channelId}`
    if (!channel) return { refused: 'channel_id' }
    const matches = await tx<{ id: number }[]>`
      select id::int from matches where season_id = ${copy.seasonId} and round = ${copy.round} order by kickoff, id for no key update`
    if (matches.length === 0) return { refused: 'round' }
    const entry = { countries: copy.countries ?? channel.countries, language: copy.language }
    let changed = 0
    for (const { id } of matches) {
      const before = (await loadBroadcasts(tx, id)).map(asInput)
      const at = before.findIndex((b) => b.channelId === copy.channelId)
      if (at < 0 && before.length >= most) return { full: id }
      const list =
        at < 0 ? [...before, { channelId: copy.channelId, countries: entry.countries, commentators: [], language: entry.language }] : before.map((b, i) => (i === at ? { ...b, ...entry } : b))
      if (await writeBroadcasts(tx, id, before, list, actorId)) changed += 1
    }
    return { matches: matches.length, changed }
  })
}
