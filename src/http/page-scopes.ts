// What a public page shows, named as Postgres names what changed (decision 114). The
// triggers of supabase/migrations/20261128000100_page_scopes.sql raise a scope's version when
// anything it stands for changes; a page kept at the edge records the version each scope it
// shows had when it was rendered, and stays current until one of them moves past it. The
// names are built here and nowhere else; the rules are pure, the edge cache keeps the state.
import { dayKey } from '../../lib/format.ts'
import { shiftDay } from '../../lib/days.ts'

export type TagKind = 'competition' | 'club' | 'player' | 'match'

export const scope = {
  /** Anything not named more precisely (competitions, seasons, names, the site's pages): every page shows it. */
  site: 'site',
  /** Every list of posts. */
  posts: 'posts',
  /** Which matches there are, when and in what state: the home page's lists. */
  fixtures: 'fixtures',
  post: (id: number) => `post:${id}`,
  /** The posts tagged with something: the lists of related posts. */
  tag: (kind: TagKind, id: string | number) => `tag:${kind}:${id}`,
  match: (id: number) => `match:${id}`,
  club: (id: number) => `club:${id}`,
  player: (id: number) => `player:${id}`,
  /** A competition's season: its tables, rounds and scorers. */
  season: (id: number) => `season:${id}`,
  /** The matches kicking off on a UTC day (YYYY-MM-DD). */
  day: (day: string) => `day:${day}`,
}

/** What a page that names no scope shows: everything, so every change renews it. */
export const EVERY_SCOPE = '*'

/** The UTC day of a kick-off, as the matches' triggers name it. */
export function kickoffDay(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10)
}

const DAY_MS = 86_400_000

/**
 * The UTC days a calendar day in `timeZone` overlaps (one or two, from the day before to
 * the day after): the matches of a reader's day kick off on those.
 */
export function utcDaysOf(day: string, timeZone: string): string[] {
  return [shiftDay(day, -1), day, shiftDay(day, 1)].filter((utc) => {
    const start = Date.parse(`${utc}T00:00:00Z`)
    return dayKey(new Date(start), timeZone) <= day && dayKey(new Date(start + DAY_MS - 1), timeZone) >= day
  })
}

/** Versions as one read gives them: the latest of all, and the scopes that moved. */
export interface VersionsRead {
  max: number
  changed: [scope: string, version: number][]
}

/**
 * What an isolate knows of the versions: the latest of all, and each scope seen to change
 * within the window it was read with (a scope it has not seen is at 0). A copy rendered
 * before such a change is gone from the cache by the time the change leaves the window, so
 * forgetting it then is safe. Each read makes a new one: a page stamps the versions it was
 * rendered with, not ones a later read brought.
 */
export interface KnownVersions {
  readonly max: number
  readonly scopes: ReadonlyMap<string, { version: number; seenAt: number }>
  /** When this isolate read them (Date.now()). */
  readonly readAt: number
}

export function versionOf(known: KnownVersions, name: string): number {
  return name === EVERY_SCOPE ? known.max : (known.scopes.get(name)?.version ?? 0)
}

/**
 * What an isolate knows after a read at `now`: the changes it brought, and those seen within
 * `windowMs`. Versions only go up, so two reads answered out of order leave the same knowledge.
 */
export function knownAfter(known: KnownVersions | undefined, read: VersionsRead, now: number, windowMs: number): KnownVersions {
  const scopes = new Map([...(known?.scopes ?? [])].filter(([, seen]) => now - seen.seenAt <= windowMs))
  for (const [name, version] of read.changed) {
    if (version > (scopes.get(name)?.version ?? 0)) scopes.set(name, { version, seenAt: now })
  }
  return { max: Math.max(known?.max ?? 0, read.max), scopes, readAt: now }
}

/**
 * The versions a page was rendered at, kept beside its copy ("site=12 match:5=40"): the
 * scopes it named and `site`, or `*` when it named none.
 */
export function stampOf(shown: readonly string[] | undefined, known: KnownVersions): string {
  const names = shown ? new Set([scope.site, ...shown]) : [EVERY_SCOPE]
  return [...names].map((name) => `${name}=${versionOf(known, name)}`).join(' ')
}

/**
 * Whether a copy stamped `stamp` still shows what is current: no scope it shows has a newer
 * version than it was rendered at. Versions are numbered in the order changes commit, so a
 * copy rendered at version v of a scope holds every change of it up to v.
 */
export function isCurrent(stamp: string | null, known: KnownVersions): boolean {
  if (!stamp) return false
  return stamp.split(' ').every((entry) => {
    const at = entry.lastIndexOf('=')
    return at > 0 && versionOf(known, entry.slice(0, at)) <= Number(entry.slice(at + 1))
  })
}
