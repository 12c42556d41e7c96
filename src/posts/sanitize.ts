// Rich text is sanitised when it is written, with an allow-list (docs/security.md, "Rich
// text"): the pages insert post and page bodies as HTML, so whatever survives here reaches
// readers' browsers. The list is what the team's writing uses: paragraphs, two heading
// levels, lists, quotes, emphasis, links and captioned figures. No images, media, tables,
// classes or inline styles: covers and media have their own typed fields.
import sanitizeHtml from 'sanitize-html'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'strong', 'em', 'a', 'figure', 'figcaption', 'br'],
  // `target` is dropped rather than paired with rel="noopener": links open in the same tab,
  // so no opened page can reach back through window.opener.
  allowedAttributes: { a: ['href'] },
  // Relative links (to our own pages) carry no scheme and stay; http:, javascript:, data:
  // and the rest go, entity-encoded or not.
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: {},
  // '//evil.example' has no scheme either, but leaves the site.
  allowProtocolRelative: false,
  // A disallowed tag loses its markup and keeps its text, except these, whose content is
  // code or markup rather than prose and goes with them.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'template', 'iframe', 'object', 'svg', 'math', 'title'],
}

/** The HTML with every tag, attribute and URL scheme outside the allow-list removed. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}
