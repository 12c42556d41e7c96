// The site's own pages: contact (with its form), privacy policy, terms and conditions.
// Their copy lives in the `pages` table, edited with the rest of the site's writing.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { captchaValue } from '../../lib/captcha.ts'
import { href } from '../../lib/links.ts'
import { localized } from '../../lib/localized.ts'
import { captchaProps } from '../captcha/captcha-field.tsx'
import { CAPTCHA_REFUSED, verifyCaptcha } from '../captcha/verify.ts'
import { CONTACT_FIELDS, ContactForm, EMPTY_CONTACT, type ContactErrors, type ContactField, type ContactValues } from '../components/contact-form.tsx'
import { PublishedDate } from '../components/post-card.tsx'
import { insertContactMessage, loadSitePage, type PageSlug, type SitePage } from '../db/pages.ts'
import { redirectWithToast } from '../flash.ts'
import { readForm } from '../http/forms.ts'
import { contentRenderer } from '../layouts/renderers.tsx'
import { scope } from '../http/page-scopes.ts'
import { edgeCache, showsScopes } from '../middleware/edge-cache.ts'
import { sendMail, siteAddress } from '../mail/send.ts'
import { siteOrigin } from '../mail/site-url.ts'
import { contactMail } from '../mail/templates.ts'
import { rateLimit } from '../security/rate-limit.ts'
import type { AppEnv } from '../types.ts'
import { Email, fieldErrors, multiLineText, requiredText } from '../validation/fields.ts'

export const pages = new Hono<AppEnv>()
// The contact form carries a captcha challenge of its own per visit, so it is never shared.
pages.use('/contact-us', contentRenderer)
for (const path of ['/privacy-policy', '/terms-conditions']) pages.use(path, edgeCache(), contentRenderer)

interface PageDefinition {
  slug: PageSlug
  /** The title when the row is missing; the row's own title wins otherwise. */
  title: MessageDescriptor
  description: MessageDescriptor
}

const CONTACT: PageDefinition = {
  slug: 'contact',
  title: msg`Contact us`,
  description: msg`Write to the Hadaf team: corrections, suggestions and questions are welcome.`,
}

const DOCUMENTS: Record<string, PageDefinition> = {
  '/privacy-policy': { slug: 'privacy', title: msg`Privacy policy`, description: msg`How Hadaf collects, uses and protects your data.` },
  '/terms-conditions': { slug: 'terms', title: msg`Terms and conditions`, description: msg`The terms for using Hadaf.` },
}

/** A page's copy, or a note that it is not out yet (noindex until it is), then `children`. */
function renderSitePage(c: Context<AppEnv>, definition: PageDefinition, page: SitePage | null, children?: ReactNode, status?: ContentfulStatusCode) {
  const { lang, i18n } = c.var
  const title = (page && localized(page.title, lang)) || i18n._(definition.title)
  return c.render(
    <>
      {page ? (
        // Sanitised with an allow-list when it was written (src/posts/sanitize.ts).
        <div className="page-body" dangerouslySetInnerHTML={{ __html: localized(page.body, lang) }} />
      ) : (
        <p className="empty-state">
          <Trans>This page has not been published yet.</Trans>
        </p>
      )}
      {children}
    </>,
    { title, crumbs: [{ label: title }], description: i18n._(definition.description), noindex: !page, status },
  )
}

for (const [path, definition] of Object.entries(DOCUMENTS)) {
  pages.get(path, async (c) => {
    const page = await loadSitePage(c.var.db.sql, definition.slug)
    showsScopes(c, scope.site)
    return renderSitePage(
      c,
      definition,
      page,
      page ? (
        <p className="page-updated">
          <Trans>
            Last updated: <PublishedDate iso={page.updatedAt.toISOString()} />
          </Trans>
        </p>
      ) : null,
    )
  })
}

// Contact form. Limits come from the contact_messages checks; the server is the only judge.

/** Room for the longest valid message (5,000 Arabic letters percent-encoded are 30 KB). */
const MAX_CONTACT_BODY = 64 * 1024

// Absent fields default to '' so they fail as "required", not as a type error.
const ContactSchema = v.object({
  name: v.optional(requiredText(CONTACT_FIELDS.name.max), ''),
  email: v.optional(Email, ''),
  subject: v.optional(requiredText(CONTACT_FIELDS.subject.max), ''),
  message: v.optional(multiLineText(CONTACT_FIELDS.message.max, CONTACT_FIELDS.message.min), ''),
})

async function renderContact(c: Context<AppEnv>, page: SitePage | null, form?: { values: ContactValues; errors: ContactErrors; status: ContentfulStatusCode }) {
  const captcha = await captchaProps(c, 'contact')
  return renderSitePage(c, CONTACT, page, <ContactForm values={form?.values} errors={form?.errors} captcha={captcha} />, form?.status)
}

pages.get('/contact-us', async (c) => renderContact(c, await loadSitePage(c.var.db.sql, CONTACT.slug)))

// Every post counts against the address's allowance, whatever it holds (security.md,
// Anti-automation): 429 with Retry-After past it.
pages.post('/contact-us', bodyLimit({ maxSize: MAX_CONTACT_BODY }), rateLimit('contact'), async (c) => {
  const form = await readForm(c)
  const result = v.safeParse(ContactSchema, form ?? {})
  if (!result.success) {
    const errors: ContactErrors = fieldErrors(c.var.i18n, result.issues)
    const values = { ...EMPTY_CONTACT }
    for (const field of Object.keys(CONTACT_FIELDS) as ContactField[]) {
      // What the reader typed comes back, so nothing has to be typed twice.
      const sent = form?.[field]
      if (typeof sent === 'string') values[field] = sent
    }
    return renderContact(c, await loadSitePage(c.var.db.sql, CONTACT.slug), { values, errors, status: form ? 422 : 400 })
  }
  // security.md: the server verifies a captcha on contact, before anything is stored.
  if (!(await verifyCaptcha(c, captchaValue(form ?? {}), 'contact'))) {
    const errors = { captcha: c.var.i18n._(CAPTCHA_REFUSED) }
    return renderContact(c, await loadSitePage(c.var.db.sql, CONTACT.slug), { values: result.output, errors, status: 422 })
  }
  const message = { ...result.output, lang: c.var.lang }
  // Stored and mailed to the team as one: a send that fails rolls the row back and answers
  // 503 (MailDeliveryError), so a retry neither loses the message nor stores it twice.
  await c.var.db.sql.begin(async (tx) => {
    await insertContactMessage(tx, message)
    const mail = contactMail({ origin: siteOrigin(c), message })
    await sendMail(c, { to: siteAddress(c.env), replyTo: message.email, ...mail }, { sql: tx })
  })
  return redirectWithToast(c, href(c.var.lang, 'contact'), { type: 'success', key: 'contactSent' }, 303)
})
