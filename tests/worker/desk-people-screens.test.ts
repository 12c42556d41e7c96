// The desk's people screens as a browser uses them, in both languages: the overview each
// role sees, the inbox (list, message, marking, replying by mail), accounts (search, role,
// sessions) and the audit log (readable changes, paging). Forms post without JavaScript:
// a 303 with a toast, or the screen again with the API's words.
import { describe, expect, it } from 'vitest'
import { generateSessionToken, hashSessionToken } from '../../src/auth/session-token.ts'
import { mailTo } from './api-helpers.ts'
import { deskVisitor, outbox, pageText, setCookies } from './visitor.ts'
import { fetchPage, insertUserWithRole, sql } from './helpers.ts'

const unique = () => crypto.randomUUID().slice(0, 8)

const ARABIC = /[\u0600-\u06FF]/

/** Ids used more than once: a label or a heading would point at the wrong element. */
function repeatedIds(body: string): string[] {
  const ids = [...body.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]!)
  return ids.filter((id, i) => ids.indexOf(id) !== i)
}

async function contactMessage(lang: 'ar' | 'en', status: 'new' | 'handled' = 'new') {
  const email = `sender-${unique()}@example.test`
  const subject = lang === 'ar' ? `سؤال عن الموقع ${unique()}` : `A question ${unique()}`
  const text = lang === 'ar' ? 'متى تضيفون الدوري المغربي؟' : 'When will you add the Moroccan league?'
  const [row] = await sql()<{ id: string }[]>`
    insert into contact_messages (name, email, subject, message, lang, status)
    values ('سامي', ${email}, ${subject}, ${text}, ${lang}, ${status}) returning id::text`
  return { id: row!.id, email, subject, text }
}

describe('the overview', () => {
  it('sends a guest to the login page, which brings them back', async () => {
    const res = await fetchPage('/en/desk')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/en/login?next=${encodeURIComponent('/en/desk')}`)
  })

  it.each([
    ['ar', ARABIC],
    ['en', /not allowed to see this page/],
  ] as const)('refuses a reader with the 403 page in %s', async (lang, words) => {
    const { visitor } = await deskVisitor('reader')
    const body = await pageText(visitor, `/${lang}/desk`, 403)
    expect(body).toContain(`lang="${lang}"`)
    expect(body).toMatch(words)
  })

  it('shows each role what it may use', async () => {
    const contributor = await pageText((await deskVisitor('contributor')).visitor, '/en/desk')
    expect(contributor).toContain('My drafts')
    expect(contributor).not.toContain('href="/en/desk/inbox"')
    expect(contributor).not.toContain('href="/en/desk/users"')

    const editor = await pageText((await deskVisitor('editor')).visitor, '/ar/desk')
    expect(editor).toContain('id="desk-inbox"')
    expect(editor).toContain('href="/ar/desk/inbox"')
    expect(editor).not.toContain('href="/ar/desk/audit"')

    const admin = await pageText((await deskVisitor('admin')).visitor, '/en/desk')
    expect(admin).toContain('href="/en/desk/users"')
    expect(admin).toContain('href="/en/desk/audit"')
  })
})

describe('the inbox', () => {
  it('lists messages by status, in both languages', async () => {
    const { visitor } = await deskVisitor('editor')
    const fresh = await contactMessage('ar')
    const done = await contactMessage('en', 'handled')
    const news = await pageText(visitor, '/en/desk/inbox')
    expect(news).toContain(fresh.subject)
    expect(news).not.toContain(done.subject)
    expect(news).toContain('Arabic')
    const handled = await pageText(visitor, '/ar/desk/inbox?status=handled')
    expect(handled).toContain(done.subject)
    expect(handled).not.toContain(fresh.subject)
    const all = await pageText(visitor, '/en/desk/inbox?status=all')
    expect(all).toContain(fresh.subject)
    expect(all).toContain(done.subject)
    // An unknown filter is the default one, not an error.
    expect(await pageText(visitor, '/en/desk/inbox?status=spam')).toContain(fresh.subject)
  })

  it('shows a message, and marks it handled and new again through its form', async () => {
    const { visitor } = await deskVisitor('editor')
    const message = await contactMessage('en')
    const path = `/ar/desk/inbox/${message.id}`
    const body = await pageText(visitor, path)
    expect(repeatedIds(body)).toEqual([])
    expect(body).toContain(`<bdi class="desk-user-text" lang="en" dir="auto">${message.text}</bdi>`)
    expect(body).toContain(message.email)

    const marked = await visitor.post(`${path}/status`, { status: 'handled' })
    expect(marked.status).toBe(303)
    expect(marked.headers.get('location')).toBe(path)
    expect(setCookies(marked).get('flash')?.value).toBe('success.deskMessageMarked')
    const [row] = await sql()<{ status: string }[]>`select status from contact_messages where id = ${message.id}`
    expect(row!.status).toBe('handled')
    // The toast is worded in the page's language.
    expect(await pageText(visitor, path)).toMatch(/data-island="toaster"[^>]*data-props="[^"]*[\u0600-\u06FF]/)

    await visitor.post(`${path}/status`, { status: 'new' })
    const [again] = await sql()<{ status: string }[]>`select status from contact_messages where id = ${message.id}`
    expect(again!.status).toBe('new')
  })

  it('replies by mail in the sender’s language, quoting them, and shows the reply', async () => {
    const { visitor, user } = await deskVisitor('editor')
    const message = await contactMessage('ar')
    const path = `/en/desk/inbox/${message.id}`
    const res = await visitor.post(`${path}/reply`, { text: 'شكرًا لرسالتك.\n\nنعمل على ذلك.' })
    expect(res.status).toBe(303)
    expect(setCookies(res).get('flash')?.value).toBe('success.deskReplySent')
    const [mail] = await outbox(message.email)
    expect(mail!.subject).toBe(`رد: ${message.subject}`)
    expect(mail!.text).toContain('نعمل على ذلك.')
    expect(mail!.text).toContain(message.text)
    const body = await pageText(visitor, path)
    expect(body).toContain('نعمل على ذلك.')
    expect(body).toContain(user.name)
    expect(body).toContain('Handled')
  })

  it('shows a refused reply on its field, keeping what was typed', async () => {
    const { visitor } = await deskVisitor('editor')
    const message = await contactMessage('en')
    const res = await visitor.post(`/ar/desk/inbox/${message.id}/reply`, { text: 'x' })
    expect(res.status).toBe(422)
    const body = await res.text()
    expect(body).toMatch(/id="desk-text-error">[^<]*[\u0600-\u06FF]/)
    expect(body).toContain('aria-invalid="true"')
    expect(body).toMatch(/<textarea[^>]*>x<\/textarea>/)
    expect(await mailTo(message.email)).toEqual([])
  })

  it('is for editors: a contributor gets the 403 page, an unknown message the 404 page', async () => {
    expect((await (await deskVisitor('contributor')).visitor.get('/en/desk/inbox')).status).toBe(403)
    const { visitor } = await deskVisitor('editor')
    expect((await visitor.get('/en/desk/inbox/999999999')).status).toBe(404)
    expect((await visitor.get('/en/desk/inbox/not-a-number')).status).toBe(404)
  })
})

describe('accounts and the audit log', () => {
  it.each(['/en/desk/users', '/ar/desk/audit', `/en/desk/users/${crypto.randomUUID()}`])('refuse an editor at %s', async (path) => {
    const { visitor } = await deskVisitor('editor')
    expect((await visitor.get(path)).status).toBe(403)
  })

  it('lets an admin find an account and change its role through the form', async () => {
    const { visitor } = await deskVisitor('admin')
    const reader = await insertUserWithRole('reader')
    const found = await pageText(visitor, `/ar/desk/users?q=${encodeURIComponent(reader.email.toUpperCase())}`)
    expect(found).toContain(`href="/ar/desk/users/${reader.id}"`)
    const editors = await pageText(visitor, `/en/desk/users?q=${encodeURIComponent(reader.email)}&role=editor`)
    expect(editors).toContain('No account matches.')

    const path = `/en/desk/users/${reader.id}`
    const account = await pageText(visitor, path)
    expect(account).toContain(reader.email)
    expect(repeatedIds(account)).toEqual([])
    const res = await visitor.post(`${path}/role`, { role: 'contributor' })
    expect(res.status).toBe(303)
    expect(setCookies(res).get('flash')?.value).toBe('success.deskRoleChanged')
    const [row] = await sql()<{ role: string }[]>`select role from users where id = ${reader.id}`
    expect(row!.role).toBe('contributor')

    const bad = await visitor.post(`${path}/role`, { role: 'owner' })
    expect(bad.status).toBe(422)
    expect(await bad.text()).toMatch(/id="desk-role-error"/)
  })

  it('says plainly why the last admin keeps the role', async () => {
    const { user, visitor } = await deskVisitor('admin')
    // Every other admin of the test database steps down for this test, then comes back.
    const others = await sql()<{ id: string }[]>`update users set role = 'editor' where role = 'admin' and id <> ${user.id} returning id::text`
    try {
      const res = await visitor.post(`/en/desk/users/${user.id}/role`, { role: 'editor' })
      expect(res.status).toBe(409)
      expect(await res.text()).toMatch(/role="alert">The site needs at least one admin/)
      const ar = await visitor.post(`/ar/desk/users/${user.id}/role`, { role: 'reader' })
      expect(ar.status).toBe(409)
      expect(await ar.text()).toMatch(/role="alert">[^<]*[\u0600-\u06FF]/)
    } finally {
      for (const { id } of others) await sql()`update users set role = 'admin' where id = ${id}`
    }
  })

  it('ends one session, which signs its device out, then every session', async () => {
    const { visitor } = await deskVisitor('admin')
    const { user, visitor: device } = await deskVisitor('contributor')
    const [extra] = await sql()<{ id: string }[]>`
      insert into sessions (user_id, token_hash, expires_at, user_agent, ip)
      values (${user.id}, ${await hashSessionToken(generateSessionToken())}, now() + interval '1 day', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1', '203.0.113.9')
      returning id::text`
    const path = `/ar/desk/users/${user.id}`
    const body = await pageText(visitor, path)
    expect(body).toContain('203.0.113.9')
    expect(body).toContain('Safari')

    const [first] = await sql()<{ id: string }[]>`select id::text from sessions where user_id = ${user.id} and id <> ${extra!.id}`
    expect((await device.get('/en/desk')).status).toBe(200)
    const ended = await visitor.post(`${path}/sessions/${first!.id}/end`)
    expect(ended.status).toBe(303)
    expect(setCookies(ended).get('flash')?.value).toBe('success.deskSessionEnded')
    // That session's next request is signed out.
    const after = await device.get('/en/desk')
    expect(after.status).toBe(302)
    expect(after.headers.get('location')).toMatch(/^\/en\/login\?next=/)

    const all = await visitor.post(`${path}/sessions/end`)
    expect(all.status).toBe(303)
    expect(setCookies(all).get('flash')?.value).toBe('success.deskSessionsEnded')
    const [open] = await sql()<{ n: number }[]>`select count(*)::int as n from sessions where user_id = ${user.id} and revoked_at is null`
    expect(open!.n).toBe(0)
    expect(await pageText(visitor, path)).not.toContain('sessions/end"')
    expect((await visitor.post(`${path}/sessions/${crypto.randomUUID()}/end`)).status).toBe(404)
  })

  it('lists audit entries as readable changes, 100 a page, in both languages', async () => {
    const { visitor } = await deskVisitor('admin')
    const reader = await insertUserWithRole('reader')
    await visitor.post(`/en/desk/users/${reader.id}/role`, { role: 'editor' })
    const en = await pageText(visitor, `/en/desk/audit?target_type=user&target_id=${reader.id}`)
    expect(en).toContain('changed an account’s role')
    expect(en).toMatch(/<code dir="ltr">role<\/code>:.*reader.*→.*editor/s)
    expect(en).toContain(`href="/en/desk/users/${reader.id}"`)
    expect(en).not.toContain('Older entries')
    const ar = await pageText(visitor, `/ar/desk/audit?target_type=user&target_id=${reader.id}`)
    expect(ar).toMatch(/reader.*←.*editor/s)

    // 105 entries by the system about one target, one of an action no screen knows yet.
    const target = `paging-${unique()}`
    await sql()`
      insert into audit_log (actor_id, action, target_type, target_id, before, after)
      select null, 'post.update', 'post', ${target}, jsonb_build_object('title', jsonb_build_object('en', 'Old ' || n)),
        jsonb_build_object('title', jsonb_build_object('en', 'New ' || n), 'tags', jsonb_build_array(jsonb_build_object('type', 'club', 'id', '7')))
      from generate_series(1, 104) n`
    await sql()`insert into audit_log (actor_id, action, target_type, target_id, before, after) values (null, 'post.archive', 'post', ${target}, null, null)`
    const first = await pageText(visitor, `/en/desk/audit?target_type=post&target_id=${target}`)
    expect(first.match(/class="desk-audit-entry"/g)).toHaveLength(100)
    expect(first).toContain('the system')
    expect(first).toContain('<code dir="ltr">post.archive</code>')
    expect(first).toMatch(/<code dir="ltr">title.en<\/code>:.*Old 104.*New 104/s)
    // A list is a value of its own, shown as formatted JSON.
    expect(first).toMatch(/<pre class="desk-change-json" dir="ltr">\[\n {2}\{/)
    const older = /href="([^"]+)" rel="next"|rel="next" href="([^"]+)"/.exec(first)
    const next = (older?.[1] ?? older?.[2])!.replaceAll('&amp;', '&')
    expect(next).toContain('before=')
    const second = await pageText(visitor, next)
    expect(second.match(/class="desk-audit-entry"/g)).toHaveLength(5)
    expect(second).toContain('Old 1<')
    expect(second).not.toContain('Older entries')
    // A filter the API would refuse is dropped, not a 500.
    expect((await visitor.get('/en/desk/audit?target_type=DROP&before=abc')).status).toBe(200)
  })
})
