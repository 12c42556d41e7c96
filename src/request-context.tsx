import { createContext, useContext } from 'react'
import type { CountryCode } from '../lib/countries.ts'
import type { Locale } from '../lib/locales.ts'
import type { Theme } from './http/cookies.ts'

/** What server components need to know about the request they render. */
export interface PageRequest {
  lang: Locale
  /** Path and query of this page, for the language switch and `next=` targets. */
  path: string
  /** The site's origin, for canonical and alternate links. */
  origin: string
  nonce: string | undefined
  theme: Theme | undefined
  /** The zone kick-off times render in: the reader's (request.cf.timezone) or the default. */
  timeZone: string
  /**
   * The reader's country, for a page that asked for it (showsCountry, decision 122): it is
   * kept per country. Undefined on every other page, which is kept once for all and so may
   * not show whose country it is.
   */
  country: CountryCode | null | undefined
  /** When the page was rendered (epoch ms): what "now" is for everything it shows, such as a countdown. */
  renderedAt: number
}

export const RequestContext = createContext<PageRequest | null>(null)

export function usePageRequest(): PageRequest {
  const value = useContext(RequestContext)
  if (!value) throw new Error('usePageRequest() outside a page render')
  return value
}
