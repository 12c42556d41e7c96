import { describe, expect, it } from 'vitest'
import { solvedCaptcha } from './captcha-helpers.ts'
import { executableScripts, fetchPage, ORIGIN, postForm, sql, unseenPath } from './helpers.ts'

const VALID = { name: 'سالم', email: 'salem@example.test', subject: 'تصحيح', message: 'في الخبر خطأ في النتيجة.' }

function encode(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString()
}

/** The control, its error and the error's id, as rendered for one field. */
function field(body: string, name: string) {
  const control = new RegExp(`<(?:input|textarea)[^>]*name="${name}"[^>]*>`).exec(body)?.[0] ?? ''
  const describedBy = /aria-describedby="([^"]+)"/.exec(control)?.[1]
  const error = describedBy ? new RegExp(`<p id="${describedBy}" class="field-error">([^<]*)</p>`).exec(body)?.[1] : undefined
  return { control, error }
}

/** A page's row: the fixtures' copy, or the real seed's when it ran first. */
async function storedPage(slug: string) {
  const [row] = await sql()<{ title: Record<'ar' | 'en', string>; body: Record<'ar' | 'en', string> }[]>`
    select title, body from pages where slug = ${slug}`
  return row!
}

async function storedMessages(email: string) {
  return sql()<{ name: string; subject: string; message: string; lang: string }[]>`
    select name, subject, message, lang from contact_messages where email = ${email}`
}

describe('the contact page', () => {
  it('shows the intro from the pages table and a form that needs no script, in one query', async () => {
    const res = await fetchPage('/ar/contact-us')
    expect(res.status).toBe(200)
    expect(res.headers.get('x-db-queries')).toBe('1')
    const body = await res.text()
    const stored = await storedPage('contact')
    expect(body).toContain(`<title>${stored.title.ar} — هدف</title>`)
    expect(body).toContain(`<div class="page-body">${stored.body.ar}</div>`)
    const form = /<form class="contact-form"[^>]*>/.exec(body)![0]
    expect(form).toContain('method="post"')
    expect(form).toContain('action="/ar/contact-us"')
    for (const name of ['name', 'email', 'subject', 'message']) {
      expect(body).toMatch(new RegExp(`<label for="contact-${name}">`))
      expect(field(body, name).control).toContain(`id="contact-${name}"`)
    }
    expect(field(body, 'email').control).toContain('dir="ltr"')
    // The one script is the captcha widget's (structured data is not code); without it the form
    // asks its own question.
    expect(executableScripts(body)).toHaveLength(1)
    expect(body).toContain('"@type":"BreadcrumbList"')
    expect(body).toContain('<noscript>')
  })

  it('stores a valid message with the page language and returns with a toast', async () => {
    const email = `reader-${crypto.randomUUID().slice(0, 8)}@example.test`
    const captcha = await solvedCaptcha()
    const res = await postForm('/ar/contact-us', encode({ ...VALID, email, message: `  ${VALID.message}\r\nشكراً  `, captcha }))
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/ar/contact-us')
    expect(res.headers.get('set-cookie')).toMatch(/^flash=success\.contactSent;/)
    // The captcha spent, then one transaction (begin, commit): the message, and its mail to
    // the team in the dev outbox.
    expect(res.headers.get('x-db-queries')).toBe('5')
    expect(await storedMessages(email)).toEqual([{ name: 'سالم', subject: 'تصحيح', message: `${VALID.message}\nشكراً`, lang: 'ar' }])
    const next = await fetchPage('/en/contact-us', { headers: { cookie: 'flash=success.contactSent' } })
    expect(await next.text()).toContain('data-island="toaster"')
  })

  it('explains each problem next to its field, keeps what was typed, and stores nothing', async () => {
    const email = 'not-an-address'
    const res = await postForm('/en/contact-us', encode({ name: '  ', email, subject: 'Hello <b>there</b>', message: 'short' }))
    expect(res.status).toBe(422)
    const body = await res.text()
    expect(body).toContain('role="alert"')
    const name = field(body, 'name')
    expect(name.control).toContain('aria-invalid="true"')
    expect(name.error).toBe('Please fill in this field.')
    expect(field(body, 'email').error).toBe('Please enter an email address such as name@example.com.')
    expect(field(body, 'email').control).toContain('value="not-an-address"')
    expect(field(body, 'message').error).toBe('Please write at least 10 characters.')
    expect(body).toContain('>short</textarea>')
    const subject = field(body, 'subject')
    expect(subject.control).not.toContain('aria-invalid')
    expect(subject.control).toContain('value="Hello &lt;b&gt;there&lt;/b&gt;"')
    expect(await storedMessages(email)).toEqual([])
  })

  it('words the errors in the page language', async () => {
    const res = await postForm('/ar/contact-us', '')
    expect(res.status).toBe(422)
    expect(await res.text()).toContain('<html lang="ar" dir="rtl"')
  })

  it('refuses values longer than the fields allow', async () => {
    const res = await postForm('/en/contact-us', encode({ ...VALID, name: 'n'.repeat(101), message: 'm'.repeat(5001) }))
    expect(res.status).toBe(422)
    const body = await res.text()
    expect(field(body, 'name').error).toBe('Please keep this to 100 characters or fewer.')
    expect(field(body, 'message').error).toBe('Please keep this to 5000 characters or fewer.')
  })

  it('counts a message of emoji by characters, as the database does', async () => {
    const res = await postForm('/en/contact-us', encode({ ...VALID, message: '⚽️'.repeat(3) }))
    expect(res.status).toBe(422)
  })

  it('refuses a NUL byte in the name, naming the field, instead of failing in the database', async () => {
    const res = await postForm('/en/contact-us', encode({ ...VALID, name: 'a\u0000b' }))
    expect(res.status).toBe(422)
    expect(await res.text()).toContain('The field “name” holds a character that cannot be saved.')
  })

  it.each([
    ['a line break in the subject', { subject: 'one\ntwo' }],
    ['an escape character in the message', { message: 'a long enough message \u001b[31m' }],
  ])('refuses %s instead of failing in the database', async (_, fields) => {
    const res = await postForm('/en/contact-us', encode({ ...VALID, ...fields }))
    expect(res.status).toBe(422)
    expect(await res.text()).toContain('Please remove the unusual characters from this field.')
  })

  it('takes one value per field however often it is sent', async () => {
    const res = await postForm('/en/contact-us', `${encode(VALID)}&name=x&name=y&email[]=a`)
    expect(res.status).toBeLessThan(500)
  })

  it('refuses a file where text belongs', async () => {
    const form = new FormData()
    for (const [key, value] of Object.entries(VALID)) form.set(key, value)
    form.set('name', new File(['x'], 'name.txt', { type: 'text/plain' }))
    const res = await fetchPage('/en/contact-us', { method: 'POST', headers: { origin: ORIGIN }, body: form })
    expect(res.status).toBe(422)
    expect(field(await res.text(), 'name').error).toBe('Please type text into this field.')
  })

  it('answers 400 with the form to a body that does not parse', async () => {
    const res = await fetchPage('/en/contact-us', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'multipart/form-data; boundary=nope' },
      body: '--elsewhere\r\ngarbage',
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('class="contact-form"')
  })

  it('answers 415 to a body that is not a form', async () => {
    const res = await fetchPage('/en/contact-us', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(VALID),
    })
    expect(res.status).toBe(415)
  })

  it('answers 413 to a body larger than any valid message', async () => {
    const res = await postForm('/en/contact-us', encode({ ...VALID, message: 'm'.repeat(70_000) }))
    expect(res.status).toBe(413)
  })

  it('refuses a post from another site', async () => {
    const res = await postForm('/en/contact-us', encode(VALID), 'https://evil.example')
    expect(res.status).toBe(403)
  })
})

describe('the privacy policy and the terms', () => {
  it.each([
    ['/en/privacy-policy', 'privacy', 'en', 'Hadaf'],
    ['/ar/terms-conditions', 'terms', 'ar', 'هدف'],
  ] as const)('%s shows its copy from the pages table in one query', async (path, slug, lang, site) => {
    const stored = await storedPage(slug)
    // An address no other file's request has left a copy of at the edge.
    const res = await fetchPage(unseenPath(path))
    expect(res.status).toBe(200)
    expect(res.headers.get('x-db-queries')).toBe('1')
    const body = await res.text()
    expect(body).toContain(`<title>${stored.title[lang]} — ${site}</title>`)
    expect(body).toContain(`<div class="page-body">${stored.body[lang]}</div>`)
    expect(body).toMatch(/<time dateTime="[^"]+">\d{2}-\d{2}-\d{4}<\/time>/)
    expect(body).not.toContain('noindex')
  })

  it('shows the title and a note, not a 404, while a page is missing', async () => {
    const db = sql()
    const [saved] = await db<{ title: unknown; body: unknown }[]>`delete from pages where slug = 'terms' returning title, body`
    try {
      const res = await fetchPage('/en/terms-conditions')
      expect(res.status).toBe(200)
      const body = await res.text()
      expect(body).toContain('<title>Terms and conditions — Hadaf</title>')
      expect(body).toContain('This page has not been published yet.')
      expect(body).toContain('<meta name="robots" content="noindex"/>')
    } finally {
      await db`insert into pages (slug, title, body) values ('terms', ${db.json(saved!.title as never)}, ${db.json(saved!.body as never)})`
    }
  })
})
