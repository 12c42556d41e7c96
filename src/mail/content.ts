// What every mail is made of. A template (templates.ts) says what to write as blocks; the
// text and the HTML are both rendered from those blocks (render.ts), so the two forms of one
// mail never say different things.
import type { Locale } from '../../lib/locales.ts'

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

export interface Link {
  label: string
  url: string
}

/** A labelled value; `ltr` for addresses, which read left to right in both languages. */
export interface Detail {
  label: string
  value: string
  ltr?: boolean
}

export type Block =
  | { kind: 'paragraph'; text: string }
  /** A one-time code, shown large and always left to right. */
  | { kind: 'code'; code: string }
  | { kind: 'links'; links: Link[] }
  | { kind: 'details'; details: Detail[] }
  /** Someone else's words, kept line for line, in their own language. */
  | { kind: 'quote'; text: string; lang: Locale }

export interface MailContent {
  /** The recipient's language: it sets the direction of the whole mail. */
  lang: Locale
  /** The site's address (scheme and host), for the links and the footer. */
  origin: string
  subject: string
  heading: string
  blocks: Block[]
}
