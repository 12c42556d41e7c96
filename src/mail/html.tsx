// The HTML form of a mail: one column, inline styles, no images, so it reads the same in
// every mail client. React escapes every value, including what a visitor typed into the
// contact form.
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { LOCALE_CONFIG } from '../../lib/locales.ts'
import type { Block, MailContent } from './content.ts'
import { MAIL_STYLES as STYLES } from './styles.ts'

/** The <html> element; the caller puts the doctype before it. */
export function mailHtml(content: MailContent): string {
  return renderToStaticMarkup(<MailDocument content={content} />)
}

function MailDocument({ content }: { content: MailContent }) {
  const { lang, origin, subject, heading, blocks } = content
  const { dir, siteName } = LOCALE_CONFIG[lang]
  return (
    <html lang={lang} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </head>
      <body style={STYLES.body}>
        {/* Clients that drop <html> keep this wrapper, so it repeats the language and direction. */}
        <div lang={lang} dir={dir} style={STYLES.card}>
          <p style={STYLES.brand}>{siteName}</p>
          <h1 style={STYLES.heading}>{heading}</h1>
          {blocks.map((block, index) => (
            <BlockHtml key={index} block={block} />
          ))}
          <p style={STYLES.footer}>
            {siteName} ·{' '}
            <a href={origin} style={STYLES.link}>
              {new URL(origin).host}
            </a>
          </p>
        </div>
      </body>
    </html>
  )
}

function BlockHtml({ block }: { block: Block }): ReactNode {
  switch (block.kind) {
    case 'paragraph':
      return <p style={STYLES.paragraph}>{block.text}</p>
    case 'code':
      return (
        <p style={STYLES.code}>
          <bdi dir="ltr">{block.code}</bdi>
        </p>
      )
    case 'links':
      return block.links.map((link) => (
        <p key={link.url} style={STYLES.paragraph}>
          <a href={link.url} style={STYLES.link}>
            {link.label}
          </a>
        </p>
      ))
    case 'details':
      return (
        <p style={STYLES.paragraph}>
          {block.details.map((detail) => (
            <span key={detail.label}>
              {detail.label}: {detail.ltr ? <bdi dir="ltr">{detail.value}</bdi> : <bdi>{detail.value}</bdi>}
              <br />
            </span>
          ))}
        </p>
      )
    case 'quote':
      return (
        <blockquote lang={block.lang} dir="auto" style={STYLES.quote}>
          {block.text.split('\n').map((line, index) => (
            <span key={index}>
              {index > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </blockquote>
      )
  }
}
