// The one way to build an internal link. Every page, redirect and sitemap entry goes
// through `href`, so a route's shape is written down once.
import { type LocalizedText, localized } from './localized.ts'
import { type Locale, isLocale, LOCALES } from './locales.ts'

export const POST_KINDS = ['news', 'articles', 'analytics', 'caricatures'] as const
export type PostSection = (typeof POST_KINDS)[number]

export type PostKind = 'news' | 'article' | 'analytics' | 'caricature'

/** The section a post of each kind lives under. */
export const SECTION_OF_KIND: Record<PostKind, PostSection> = {
  news: 'news',
  article: 'articles',
  analytics: 'analytics',
  caricature: 'caricatures',
}

type Id = string | number

export type ProfileForm = 'details' | 'spoilers' | 'avatar' | 'avatar/remove' | 'password' | 'email' | 'email/code' | 'email/resend' | 'email/cancel' | 'delete'

const ROUTES = {
  home: () => '',
  login: () => '/login',
  /** The code step of a sign-up or a sign-in (the spec's `isOtpSent`), and its resend. */
  loginCode: () => '/login/code',
  loginCodeResend: () => '/login/code/resend',
  /** Where the social sign-in island posts the provider session (src/routes/social.ts). */
  loginSocial: () => '/login/social',
  signUp: () => '/sign-up',
  restPassword: () => '/rest-password',
  /** The second step of a reset: the code and the new password. */
  resetCode: () => '/rest-password/code',
  resetCodeResend: () => '/rest-password/code/resend',
  logout: () => '/logout',
  profile: () => '/profile',
  /** Where each form of the profile page posts (src/routes/profile.tsx). */
  profileForm: (p: { form: ProfileForm }) => `/profile/${p.form}`,
  sessions: () => '/profile/sessions',
  /** My Hadaf: what the signed-in reader follows (src/routes/my-hadaf.tsx). */
  my: () => '/my',
  /** Where the form that makes the reader's calendar address (again) posts. */
  myCalendar: () => '/my/calendar',
  /** The reader's personal calendar feed, at its secret address (decision 138). */
  myCalendarFeed: (p: { token: string }) => `/my/calendar/${enc(p.token)}.ics`,
  revokeSession: (p: { id: string }) => `/profile/sessions/${enc(p.id)}/revoke`,
  club: (p: { id: Id }) => `/club/${enc(p.id)}`,
  /** A club's calendar feed (src/football/calendar-feed.ts). */
  clubCalendar: (p: { id: Id }) => `/club/${enc(p.id)}/calendar.ics`,
  player: (p: { id: Id }) => `/player/${enc(p.id)}`,
  leagues: () => '/leagues',
  /** A season's page when `season` (a label, 2023/24) is given; the latest season's otherwise. */
  league: (p: { id: Id; season?: string }) => withQuery(`/leagues/${enc(p.id)}`, { season: p.season && seasonParam(p.season) }),
  /** A competition's calendar feed: its current season and the next. */
  leagueCalendar: (p: { id: Id }) => `/leagues/${enc(p.id)}/calendar.ics`,
  matches: () => '/matches',
  match: (p: { id: Id }) => `/matches/${enc(p.id)}`,
  posts: (p: { section: PostSection }) => `/${p.section}`,
  post: (p: { section: PostSection; slug: string }) => `/${p.section}/${enc(p.slug)}`,
  search: () => '/search',
  /** The country picker's form (decision 122). */
  country: () => '/country',
  /** Where the rating form and island post, and where the island reads the reader's rating (src/routes/ratings.ts). */
  ratings: () => '/ratings',
  ratingsRemove: () => '/ratings/remove',
  /** Where the follow button posts, and where a guest comes back to after signing in (src/routes/follows.ts). */
  follows: () => '/follows',
  followsRemove: () => '/follows/remove',
  followsAlerts: () => '/follows/alerts',
  followPending: () => '/follows/pending',
  /** Where the alerts control registers and removes this device, with the session cookie (src/routes/push.ts). */
  pushSubscriptions: () => '/push/subscriptions',
  /** Where a spoiler-free reader's "Show the score" posts (src/routes/spoilers.ts, decision 139). */
  revealScore: () => '/spoilers/reveal',
  contact: () => '/contact-us',
  privacy: () => '/privacy-policy',
  terms: () => '/terms-conditions',
  // The newsroom's screens (src/routes/desk/), each group under /desk.
  desk: () => '/desk',
  deskPosts: () => '/desk/posts',
  deskPostNew: () => '/desk/posts/new',
  deskPost: (p: { id: Id }) => `/desk/posts/${enc(p.id)}`,
  /** A post's actions and views under its page: `save`, `autosave`, `submit`, `publish`, `unpublish`, `revisions`, `preview/ar`. */
  deskPostPart: (p: { id: Id; part: string }) => `/desk/posts/${enc(p.id)}/${p.part}`,
  /** The post editor's tag search as JSON, for its combobox (`?q=`). */
  deskTagSearch: () => '/desk/tags',
  deskMedia: () => '/desk/media',
  deskMediaItem: (p: { id: Id }) => `/desk/media/${enc(p.id)}`,
  deskClubs: () => '/desk/clubs',
  deskClub: (p: { id: Id }) => `/desk/clubs/${enc(p.id)}`,
  /** A club's forms and steps: `save`, `merge` (what a merge moves, then the merge). */
  deskClubPart: (p: { id: Id; part: 'save' | 'merge' }) => `/desk/clubs/${enc(p.id)}/${p.part}`,
  deskPlayers: () => '/desk/players',
  deskPlayer: (p: { id: Id }) => `/desk/players/${enc(p.id)}`,
  deskPlayerSave: (p: { id: Id }) => `/desk/players/${enc(p.id)}/save`,
  /** Where the new club and new player forms post (issue 34). */
  deskClubNew: () => '/desk/clubs/new',
  deskPlayerNew: () => '/desk/players/new',
  /** Seasons: the list and the new season's form; a season's clubs; a club's squad in it; its fixtures. */
  deskSeasons: () => '/desk/seasons',
  deskSeason: (p: { id: Id }) => `/desk/seasons/${enc(p.id)}`,
  deskSquad: (p: { id: Id; club: Id }) => `/desk/seasons/${enc(p.id)}/clubs/${enc(p.club)}/squad`,
  deskSeasonFixtures: (p: { id: Id }) => `/desk/seasons/${enc(p.id)}/fixtures`,
  deskDeductions: () => '/desk/deductions',
  deskConflicts: () => '/desk/conflicts',
  deskConflictResolve: (p: { id: Id }) => `/desk/conflicts/${enc(p.id)}/resolve`,
  /** The syncs' status and the queue of teams no alias reaches (issue 16). */
  deskData: () => '/desk/data',
  /** Where a queued team's forms post: `map` to a club, `create` one. */
  deskDataTeam: (p: { id: Id; part: 'map' | 'create' }) => `/desk/data/unmatched/${enc(p.id)}/${p.part}`,
  deskInbox: () => '/desk/inbox',
  deskInboxItem: (p: { id: Id }) => `/desk/inbox/${enc(p.id)}`,
  /** Where a message's forms post: `status`, `reply`. */
  deskInboxPart: (p: { id: Id; part: 'status' | 'reply' }) => `/desk/inbox/${enc(p.id)}/${p.part}`,
  deskUsers: () => '/desk/users',
  deskUser: (p: { id: Id }) => `/desk/users/${enc(p.id)}`,
  /** Where an account's forms post: its role, the end of every session, or of one (`session`). */
  deskUserRole: (p: { id: Id }) => `/desk/users/${enc(p.id)}/role`,
  deskUserSessionsEnd: (p: { id: Id; session?: Id }) => `/desk/users/${enc(p.id)}/sessions${p.session ? `/${enc(p.session)}` : ''}/end`,
  deskAudit: () => '/desk/audit',
  /** The live desk: the matches to run, and a match's console. */
  /** The live desk; `needs: 'result'`, only the matches that need a result (issue 34). */
  deskMatches: (p: { needs?: 'result' } = {}) => withQuery('/desk/matches', { needs: p.needs }),
  deskFixtures: () => '/desk/fixtures',
  deskMatchFate: (p: { id: Id }) => `/desk/matches/${enc(p.id)}/fate`,
  deskMatch: (p: { id: Id }) => `/desk/matches/${enc(p.id)}`,
  /** Where the console's island calls the live API with the page's session (src/routes/desk/matches.tsx). */
  deskMatchApi: (p: { id: Id }) => `/desk/matches/${enc(p.id)}/api`,
  /** Where to watch (issue 26): the channels, a match's broadcasts, and a round's. */
  deskChannels: () => '/desk/channels',
  deskChannelNew: () => '/desk/channels/new',
  deskChannel: (p: { id: Id }) => `/desk/channels/${enc(p.id)}`,
  deskMatchBroadcasts: (p: { id: Id }) => `/desk/matches/${enc(p.id)}/broadcasts`,
  /** A round's broadcasts: the season's first round with a match to come when none is named. */
  deskRounds: (p: { season?: Id; round?: string } = {}) => withQuery('/desk/rounds', { season_id: p.season, round: p.round }),
  deskRoundCopy: () => '/desk/rounds/copy',
  /** The order of the big competitions on the matches page. */
  deskCompetitionOrder: () => '/desk/competitions/order',
  deskCompetitions: () => '/desk/competitions',
  deskCompetition: (p: { id: Id }) => `/desk/competitions/${enc(p.id)}`,
  deskCompetitionPart: (p: { id: Id; part: 'save' | 'rules' }) => `/desk/competitions/${enc(p.id)}/${p.part}`,
} satisfies Record<string, (params: never) => string>

export type RouteName = keyof typeof ROUTES
type ParamsOf<R extends RouteName> = Parameters<(typeof ROUTES)[R]>

/** Seasons travel in URLs as 2023-24 (a slash would split the path); labels are 2023/24. */
export function seasonParam(label: string): string {
  return label.replace('/', '-')
}

function enc(value: Id): string {
  return encodeURIComponent(String(value))
}

/** `href('ar', 'club', { id: 42 })` → `/ar/club/42`. */
export function href<R extends RouteName>(lang: Locale, route: R, ...params: ParamsOf<R>): string {
  const build = ROUTES[route] as (p?: unknown) => string
  return `/${lang}${build(params[0])}`
}

/**
 * The same page in another language: swaps the locale prefix of a path and keeps the
 * rest (query included). Paths without a locale prefix go to that language's home.
 */
export function switchLocalePath(pathWithQuery: string, to: Locale): string {
  const match = /^\/([a-z]{2})(?=\/|\?|$)(.*)$/.exec(pathWithQuery)
  if (!match || !isLocale(match[1])) return `/${to}`
  return `/${to}${match[2] ?? ''}`
}

/**
 * A `next=` target is followed only when it is a path on this site under a locale,
 * so a crafted link can never bounce a visitor to another origin.
 */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next || next.length > 2048 || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) {
    return fallback
  }
  return LOCALES.some((l) => next === `/${l}` || next.startsWith(`/${l}/`) || next.startsWith(`/${l}?`)) ? next : fallback
}

/** A post's address in `lang`: its section, then its slug in that language. */
export function postHref(lang: Locale, post: { kind: PostKind; slug: LocalizedText }): string {
  return href(lang, 'post', { section: SECTION_OF_KIND[post.kind], slug: localized(post.slug, lang) })
}

/** A path with query parameters; undefined and empty values are left out. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value))
  const text = query.toString()
  return text ? `${path}?${text}` : path
}
