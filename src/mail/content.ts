// What every mail is made of, and its plain-text form. A template (templates.ts) says what
// to write as blocks; the text and the HTML (html.tsx) are both rendered from those blocks,
// so the two forms of one mail never say different things.
import { LOCALE_CONFIG, type Locale } from '../../lib/locales.ts'
import { mailHtml } from './html.tsx'

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

export function renderMail(content: MailContent): RenderedMail {
  return { subject: content.subject, text: mailText(content), html: `<!doctype html>${mailHtml(content)}` }
}

function mailText({ lang, origin, heading, blocks }: MailContent): string {
  // "-- " on its own line is the signature separator mail clients recognise.
  const signature = `-- \n${LOCALE_CONFIG[lang].siteName} · ${origin}`
  return `${[heading, ...blocks.map(blockText), signature].join('\n\n')}\n`
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text
    case 'code':
      return `    ${block.code}`
    case 'links':
      return block.links.map((link) => `${link.label}: ${link.url}`).join('\n')
    case 'details':
      return block.details.map((detail) => `${detail.label}: ${detail.value}`).join('\n')
    case 'quote':
      return block.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')
  }
}
