// Structured data (schema.org JSON-LD) for search engines. Pages pass what these builders
// return in PageHead.jsonLd; the document writes each one into a
// <script type="application/ld+json"> through jsonLdText, which escapes the markup.
// Inputs take site paths; the builders make every URL absolute.
import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import type { Context } from 'hono'
import type { ShownStatus } from '../../lib/live.ts'
import { href } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import { LOCALE_CONFIG, type Locale, otherLocale } from '../../lib/locales.ts'
import { averageRating } from '../../lib/rating.ts'
import type { Crumb } from '../layouts/layouts.tsx'
import type { AppEnv } from '../types.ts'

export type JsonLd = { '@context': 'https://schema.org'; '@type': string } & Record<string, unknown>

export interface SeoContext {
  origin: string
  lang: Locale
  i18n: I18n
}

export function seoContext(c: Context<AppEnv>): SeoContext {
  return { origin: new URL(c.req.url).origin, lang: c.var.lang, i18n: c.var.i18n }
}

/** The social image when a page has none of its own. */
export const SITE_LOGO = { src: '/logo.svg', width: 64, height: 64 }

const SCHEMA = 'https://schema.org'
const FOOTBALL = 'Football'

function absolute(ctx: SeoContext, path: string): string {
  return new URL(path, ctx.origin).href
}

/** Script text that cannot end its script element or open a comment: <, > and & go as \u escapes. */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

function publisher(ctx: SeoContext) {
  return {
    '@type': 'Organization',
    name: LOCALE_CONFIG[ctx.lang].siteName,
    url: absolute(ctx, href(ctx.lang, 'home')),
    logo: { '@type': 'ImageObject', url: absolute(ctx, SITE_LOGO.src) },
  }
}

export interface ImageInput {
  src: string
  width?: number | null
  height?: number | null
}

function imageObject(ctx: SeoContext, image: ImageInput) {
  return { '@type': 'ImageObject', url: absolute(ctx, image.src), width: image.width ?? undefined, height: image.height ?? undefined }
}

export interface NewsArticleInput {
  path: string
  headline: string
  description: string
  image?: ImageInput | null
  /** ISO 8601. */
  datePublished: string
  dateModified?: string
  /** The byline: one of the team's desks ("Hadaf Newsroom"), so an organisation. */
  author: string
  section?: string
  keywords?: string[]
}

export function newsArticle(ctx: SeoContext, input: NewsArticleInput): JsonLd {
  const url = absolute(ctx, input.path)
  return {
    '@context': SCHEMA,
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: input.headline,
    description: input.description,
    image: [imageObject(ctx, input.image ?? SITE_LOGO)],
    datePublished: input.datePublished,
    dateModified: input.dateModified ?? input.datePublished,
    author: [{ '@type': 'Organization', name: input.author, url: absolute(ctx, href(ctx.lang, 'home')) }],
    publisher: publisher(ctx),
    inLanguage: ctx.lang,
    articleSection: input.section,
    keywords: input.keywords?.length ? input.keywords.join(', ') : undefined,
  }
}

/** A thing's name in the page's language, and in the other one as its alternate name. */
export function bilingualName(name: unknown, lang: Locale): { name: string; alternateName: string } {
  return { name: localized(name, lang), alternateName: localized(name, otherLocale(lang)) }
}

/** From the crumbs ContentLayout shows, with the home crumb it puts in front of them. */
export function breadcrumbList(ctx: SeoContext, crumbs: Crumb[]): JsonLd {
  const all: Crumb[] = [{ label: ctx.i18n._(msg`Home`), href: href(ctx.lang, 'home') }, ...crumbs]
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: all.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.label,
      // The current page's crumb has no link; schema.org lets the last item go without one.
      item: crumb.href ? absolute(ctx, crumb.href) : undefined,
    })),
  }
}

export interface TeamInput {
  name: string
  path: string
  logo?: string | null
}

function teamRef(ctx: SeoContext, team: TeamInput) {
  return { '@type': 'SportsTeam', name: team.name, url: absolute(ctx, team.path), logo: team.logo ? absolute(ctx, team.logo) : undefined }
}

export interface PlaceInput {
  name: string
  city?: string | null
  /** ISO 3166 alpha-2, or a country's name. */
  country?: string | null
}

function place(place: PlaceInput) {
  return {
    '@type': 'Place',
    name: place.name,
    address:
      place.city || place.country
        ? { '@type': 'PostalAddress', addressLocality: place.city ?? undefined, addressCountry: place.country ?? undefined }
        : undefined,
  }
}

// schema.org has no "finished": an event that took place stays EventScheduled. A match
// suspended or abandoned was played in part, and schema.org has no word for that either; nor
// for one whose result is awaited, which the description says instead.
const EVENT_STATUS: Record<ShownStatus, string> = {
  scheduled: 'https://schema.org/EventScheduled',
  result_awaited: 'https://schema.org/EventScheduled',
  live: 'https://schema.org/EventScheduled',
  suspended: 'https://schema.org/EventScheduled',
  finished: 'https://schema.org/EventScheduled',
  abandoned: 'https://schema.org/EventScheduled',
  awarded: 'https://schema.org/EventScheduled',
  postponed: 'https://schema.org/EventPostponed',
  cancelled: 'https://schema.org/EventCancelled',
}

export interface SportsEventInput {
  path: string
  /** "Al Hilal – Manchester City", in the page's language. */
  name: string
  /** Kick-off, ISO 8601. */
  startDate: string
  status: ShownStatus
  homeTeam: TeamInput
  awayTeam: TeamInput
  competition?: { name: string; path: string } | null
  location?: PlaceInput | null
  description?: string
}

export function sportsEvent(ctx: SeoContext, input: SportsEventInput): JsonLd {
  const home = teamRef(ctx, input.homeTeam)
  const away = teamRef(ctx, input.awayTeam)
  return {
    '@context': SCHEMA,
    '@type': 'SportsEvent',
    name: input.name,
    url: absolute(ctx, input.path),
    description: input.description,
    sport: FOOTBALL,
    startDate: input.startDate,
    eventStatus: EVENT_STATUS[input.status],
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    homeTeam: home,
    awayTeam: away,
    competitor: [home, away],
    location: input.location ? place(input.location) : undefined,
    superEvent: input.competition ? { '@type': 'EventSeries', name: input.competition.name, url: absolute(ctx, input.competition.path) } : undefined,
  }
}

export interface SportsTeamInput {
  path: string
  name: string
  /** The other language's name, or a short name. */
  alternateName?: string
  logo?: string | null
  foundingYear?: number | null
  location?: PlaceInput | null
  /** Competitions the team plays in. */
  memberOf?: { name: string; path: string }[]
  athletes?: { name: string; path: string }[]
}

export function sportsTeam(ctx: SeoContext, input: SportsTeamInput): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'SportsTeam',
    name: input.name,
    alternateName: input.alternateName,
    url: absolute(ctx, input.path),
    sport: FOOTBALL,
    logo: input.logo ? absolute(ctx, input.logo) : undefined,
    foundingDate: input.foundingYear ? String(input.foundingYear) : undefined,
    location: input.location ? place(input.location) : undefined,
    memberOf: input.memberOf?.map((c) => ({ '@type': 'SportsOrganization', name: c.name, url: absolute(ctx, c.path) })),
    athlete: input.athletes?.map((p) => ({ '@type': 'Person', name: p.name, url: absolute(ctx, p.path) })),
  }
}

export interface PersonInput {
  path: string
  name: string
  alternateName?: string
  image?: string | null
  /** YYYY-MM-DD. */
  birthDate?: string | null
  /** The national team's country name. */
  nationality?: string | null
  team?: TeamInput | null
  description?: string
}

export function person(ctx: SeoContext, input: PersonInput): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'Person',
    name: input.name,
    alternateName: input.alternateName,
    url: absolute(ctx, input.path),
    image: input.image ? absolute(ctx, input.image) : undefined,
    birthDate: input.birthDate ?? undefined,
    nationality: input.nationality ? { '@type': 'Country', name: input.nationality } : undefined,
    memberOf: input.team ? teamRef(ctx, input.team) : undefined,
    description: input.description,
  }
}

/** Readers' ratings of a creative work, out of 5; none until someone has rated. */
export function aggregateRating(totals: { sum: number; count: number }): Record<string, unknown> | undefined {
  if (totals.count === 0) return undefined
  return { '@type': 'AggregateRating', ratingValue: averageRating(totals.sum, totals.count), ratingCount: totals.count, bestRating: 5, worstRating: 0 }
}
