// Text Postgres cannot store (decision 106): a NUL, or a lone UTF-16 surrogate (the JSON
// escape `\ud800`), anywhere in a query, a JSON body or a form is a 422 naming its field, in
// the caller's language, before any of it reaches the database.
import { describe, expect, it } from 'vitest'
import { callApi } from './api-helpers.ts'
import { fetchPage, insertUserWithRole, ORIGIN, sql, type TestUser } from './helpers.ts'

const NUL = 'a\u0000b'
const LONE_SURROGATE = '\ud800'

async function newPost(editor: TestUser): Promise<string> {
  const created = await callApi<{ id: string }>('desk/posts', {
    body: { kind: 'news', title: { en: `Storable ${crypto.randomUUID()}` }, summary: { en: 'Summary.' }, body: { en: '<p>Body.</p>' } },
    bearer: editor.token,
  })
  expect(created.status).toBe(201)
  return created.body.data!.id
}

/** The API's answer to `body`, which must be a 422 naming `field`. */
async function expectRefused(path: string, editor: TestUser, field: string, opts: { method?: string; body?: unknown } = {}) {
  const res = await callApi(path, { ...opts, bearer: editor.token, lang: 'en' })
  expect(res.status, `${path} ${field}`).toBe(422)
  expect(Object.keys(res.body.errors ?? {}), `${path} ${field}`).toEqual([field])
  expect(res.body.message).toContain(`“${field}”`)
}

describe('text Postgres cannot store', () => {
  it('is refused in the desk API’s searches, naming the parameter in the caller’s language', async () => {
    const editor = await insertUserWithRole('admin')
    for (const path of ['desk/clubs?q=%00', 'desk/tags?q=%00', 'desk/players?q=%00', 'desk/matches?q=%00', 'desk/users?q=%00', 'desk/media?q=%00']) {
      await expectRefused(path, editor, 'q')
    }
    await expectRefused('desk/audit?target_id=%00', editor, 'target_id')
    await expectRefused('search?q=a%00b', editor, 'q')
    const arabic = await callApi('desk/clubs?q=a%00', { bearer: editor.token, lang: 'ar' })
    expect(arabic.status).toBe(422)
    expect(arabic.body.message).toMatch(/[\u0600-\u06FF]/)
    expect(arabic.body.errors!.q).toBe('يرجى إزالة الرموز غير المعتادة من هذا الحقل.')
  })

  it('is refused in the desk’s screens’ searches with a page naming the parameter', async () => {
    const editor = await insertUserWithRole('admin')
    for (const screen of ['clubs', 'players', 'matches', 'users', 'media', 'posts', 'tags']) {
      const res = await fetchPage(`/en/desk/${screen}?q=%00`, { headers: { cookie: editor.cookie } })
      expect(res.status, screen).toBe(422)
      expect(await res.text()).toContain('“q”')
    }
    const arabic = await fetchPage('/ar/desk/audit?target_id=%00', { headers: { cookie: editor.cookie } })
    expect(arabic.status).toBe(422)
    // The field's name is isolated, so its Latin letters do not reorder the Arabic around it.
    expect(await arabic.text()).toContain('«\u2068target_id\u2069»')
  })

  it('is refused in a post’s title, summary, body and byline', async () => {
    const editor = await insertUserWithRole('editor')
    const id = await newPost(editor)
    for (const field of ['summary', 'body']) await expectRefused(`desk/posts/${id}`, editor, `${field}.en`, { method: 'PATCH', body: { [field]: { en: NUL } } })
    for (const field of ['title', 'summary', 'body', 'author']) {
      await expectRefused(`desk/posts/${id}`, editor, `${field}.en`, { method: 'PATCH', body: { [field]: { en: LONE_SURROGATE } } })
    }
    await expectRefused('desk/posts', editor, 'summary.ar', { body: { kind: 'news', title: { en: 'A' }, summary: { ar: NUL }, body: { en: 'B' } } })
  })

  it('is refused in a player’s name, an inbox reply and a deduction’s reason', async () => {
    const editor = await insertUserWithRole('editor')
    const [player] = await sql()<{ id: string }[]>`select id::text from players order by id limit 1`
    await expectRefused(`desk/players/${player!.id}`, editor, 'name.en', { method: 'PATCH', body: { name: { en: LONE_SURROGATE } } })
    const [message] = await sql()<{ id: string }[]>`
      insert into contact_messages (name, email, subject, message, lang)
      values ('Sender', 'sender@example.test', 'A question', 'When do you add the Moroccan league?', 'en') returning id::text`
    await expectRefused(`desk/inbox/${message!.id}/reply`, editor, 'text', { body: { text: `Thanks ${LONE_SURROGATE}` } })
    const [club] = await sql()<{ id: string; season: string }[]>`
      select m.home_club_id::text as id, m.season_id::text as season from matches m
      join seasons s on s.id = m.season_id where s.competition_id = 'en.1' and not m.demo order by m.id limit 1`
    const reason = { ar: 'مخالفة القواعد', en: LONE_SURROGATE }
    const deduction = { season_id: Number(club!.season), club_id: Number(club!.id), points: 3, reason, source_url: 'https://example.test/news' }
    await expectRefused('desk/deductions', editor, 'reason.en', { body: deduction })
    const [counted] = await sql()<{ n: number }[]>`select count(*)::int as n from point_deductions where source_url = 'https://example.test/news'`
    expect(counted!.n).toBe(0)
  })

  it('names a key that cannot be stored, and a field nested in a list', async () => {
    const editor = await insertUserWithRole('editor')
    const id = await newPost(editor)
    await expectRefused(`desk/posts/${id}`, editor, 'tags.1.id', { method: 'PATCH', body: { tags: [{ type: 'club', id: '1' }, { type: 'club', id: NUL }] } })
    await expectRefused(`desk/posts/${id}`, editor, 'title.\ufffd', { method: 'PATCH', body: { title: { [LONE_SURROGATE]: 'x' } } })
  })

  it('is refused in a desk form, with a page naming the field', async () => {
    const editor = await insertUserWithRole('editor')
    const id = await newPost(editor)
    const res = await fetchPage(`/en/desk/posts/${id}/save`, {
      method: 'POST',
      headers: { cookie: editor.cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'kind=news&title.en=Title&summary.en=a%00b&body.en=Body',
    })
    expect(res.status).toBe(422)
    expect(await res.text()).toContain('“summary.en”')
  })

  it('is refused in an upload’s fields even where the handler reads an unreadable form as none', async () => {
    const editor = await insertUserWithRole('editor')
    const form = new FormData()
    form.set('credit', NUL)
    form.set('file', new File([new Uint8Array(8)], 'x.png', { type: 'image/png' }))
    const res = await fetchPage('/api/v1/desk/media', { method: 'POST', headers: { authorization: `Bearer ${editor.token}`, 'accept-language': 'en' }, body: form })
    expect(res.status).toBe(422)
    expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(['credit'])
  })
})
