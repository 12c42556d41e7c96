// A mail's two forms from its blocks (content.ts): the plain text here, the HTML in html.tsx.
import { LOCALE_CONFIG } from '../../lib/locales.ts'
import type { Block, MailContent, RenderedMail } from './content.ts'
import { mailHtml } from './html.tsx'

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
