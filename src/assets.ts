// Where the browser finds the stylesheet and the island entry. In `vite dev` Vite serves
// the sources; a build gives both stable names. They carry no version query: island
// chunks import the entry by its bare name, and a second URL would run it twice. Static
// assets are revalidated by ETag, so a deploy is picked up on the next page view.
import type { Locale } from '../lib/locales.ts'

export const STYLESHEET_HREF = import.meta.env.DEV ? '/client/styles/app.css' : '/assets/app.css'
export const CLIENT_ENTRY_SRC = import.meta.env.DEV ? '/client/entry.ts' : '/assets/client.js'

/**
 * The Cairo files a page in each language draws its first screen with, preloaded so they
 * arrive with the stylesheet rather than after it: a face that swaps in after the first paint
 * moves the page (Arabic glyphs have no metric-matched fallback). Vite serves them from
 * node_modules in development, where nothing is preloaded.
 */
export const FONT_PRELOADS: Record<Locale, string[]> = import.meta.env.DEV
  ? { ar: [], en: [] }
  : { ar: ['/assets/cairo-arabic-wght-normal.woff2', '/assets/cairo-latin-wght-normal.woff2'], en: ['/assets/cairo-latin-wght-normal.woff2'] }

/** The kick-off time corrector (client/local-time.ts): plain DOM code, no React. */
export const LOCAL_TIME_SRC = import.meta.env.DEV ? '/client/local-time.ts' : '/assets/local-time.js'
