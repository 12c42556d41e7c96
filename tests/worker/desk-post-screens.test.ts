// The desk's post screens (issue 15): the list and its filters, the editor's forms and their
// answers (a 303 and a toast, or the form again with the API's field errors in the page's
// language), autosave, revisions with their diff and restore, the preview, the workflow
// buttons, and the tag search the editor uses.
import { describe, expect, it } from 'vitest'
import { callApi } from './api-helpers.ts'
import { fetchPage, insertUserWithRole, ORIGIN, sql, type TestUser, uniqueIp } from './helpers.ts'

const unique = () => crypto.randomUUID().slice(0, 8)

function page(path: string, user?: TestUser) {
  return fetchPage(path, { headers: user ? { cookie: user.cookie } : {} })
}

/** A form post from a desk page, as the browser sends it (or asking for JSON, as an island). */
function post(path: string, user: TestUser, fields: Record<string, string | string[]>, json = false) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
  const headers: Record<string, string> = {
    origin: ORIGIN,
    'content-type': 'application/x-www-form-urlencoded',
    'cf-connecting-ip': uniqueIp(),
    cookie: user.cookie,
  }
  if (json) headers.accept = 'application/json'
  return fetchPage(path, { method: 'POST', headers, body: body.toString() })
}

function draftFields(tag = unique(), overrides: Record<string, string> = {}) {
  return {
    kind: 'news',
    'title.ar': `الهلال يفوز بالديربي ${tag}`,
    'title.en': `Al Hilal win the derby ${tag}`,
    'summary.ar': 'ملخص الخبر.',
    'summary.en': 'The summary.',
    'body.ar': '<p>نص الخبر.</p>',
    'body.en': '<p>The story.</p><script>alert(1)</script>',
    'slug.ar': '',
    'slug.en': '',
    'author.ar': '',
    'author.en': '',
    ...overrides,
  }
}

type Post = { id: string; status: string; title: { ar: string; en: string }; body: { ar: string; en: string }; revision: number; author: { ar: string; en: string } }

async function readPost(id: string, user: TestUser) {
  return (await callApi<Post>(`desk/posts/${id}`, { bearer: user.token })).body.data!
}

/** A draft made through the form; its id from the 303. */
async function createDraft(user: TestUser, fields: Record<string, string> = draftFields()): Promise<string> {
  const res = await post('/en/desk/posts', user, fields)
  expect(res.status).toBe(303)
  const id = /\/en\/desk\/posts\/(\d+)$/.exec(res.headers.get('location') ?? '')?.[1]
  expect(id).toBeTruthy()
  return id!
}

/** A library item as the upload leaves it (src/db/media-library.ts), without the bytes. */
async function libraryItem(kind: 'image' | 'audio' | 'video', title: string): Promise<string> {
  const mime = { image: 'image/webp', audio: 'audio/mpeg', video: 'video/mp4' }[kind]
  const size = kind === 'image' ? { width: 1280, height: 720 } : { width: null, height: null }
  const [row] = await sql()<{ id: string }[]>`
    insert into media (kind, storage_key, mime, bytes, width, height, credit, licence, alt)
    values (${kind}, ${`library/${crypto.randomUUID()}`}, ${mime}, 100, ${size.width}, ${size.height}, 'Hadaf', 'own', ${sql().json({ ar: `عنوان ${title}`, en: title })})
    returning id::text`
  return row!.id
}
const box = (id: string) => new RegExp(`<input(?=[^>]*type="checkbox")(?=[^>]*name="media")(?=[^>]*value="${id}")`)
const checkedBox = (id: string) => new RegExp(`<input(?=[^>]*name="media")(?=[^>]*value="${id}")(?=[^>]*checked)`)

describe('who may open the post screens', () => {
  it('sends a guest to sign in and refuses a reader', async () => {
    const guest = await page('/en/desk/posts')
    expect([302, 303]).toContain(guest.status)
    expect(guest.headers.get('location')).toMatch(/\/en\/login/)
    expect((await page('/ar/desk/posts', await insertUserWithRole('reader'))).status).toBe(403)
    expect((await page('/en/desk/posts/new', await insertUserWithRole('reader'))).status).toBe(403)
  })
})

describe('a post’s address', () => {
  it('names no post unless its id is written as the API writes it, and says so before reading a form', async () => {
    const contributor = await insertUserWithRole('contributor')
    const id = await createDraft(contributor)
    // "007" is a way of writing 7 that no address of the site uses: 404, as for "abc".
    for (const spelt of [`00${id}`, `0${id}`, 'abc', '0', `${id}.0`]) {
      for (const part of ['', '/revisions', '/preview/en']) expect((await page(`/en/desk/posts/${spelt}${part}`, contributor)).status).toBe(404)
      for (const part of ['/save', '/autosave', '/submit', '/restore']) {
        const sent = await fetchPage(`/en/desk/posts/${spelt}${part}`, {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'text/plain', 'cf-connecting-ip': uniqueIp(), cookie: contributor.cookie },
          body: 'not a form',
        })
        expect([spelt + part, sent.status]).toEqual([spelt + part, 404])
        await sent.body?.cancel()
      }
    }
    expect((await page(`/en/desk/posts/${id}`, contributor)).status).toBe(200)
  })
})

describe('the posts list', () => {
  it('shows a contributor only their own posts, and filters by status, kind, author and languages', async () => {
    const mine = await insertUserWithRole('contributor')
    const other = await insertUserWithRole('contributor')
    const editor = await insertUserWithRole('editor')
    const tag = unique()
    await createDraft(mine, draftFields(`mine-${tag}`))
    await createDraft(other, draftFields(`theirs-${tag}`))
    await createDraft(mine, draftFields(`english-only-${tag}`, { 'title.ar': '', 'summary.ar': '', 'body.ar': '', kind: 'article' }))

    const list = await (await page('/en/desk/posts', mine)).text()
    expect(list).toContain(`mine-${tag}`)
    expect(list).not.toContain(`theirs-${tag}`)
    // A contributor asking for everyone's still gets their own.
    expect(await (await page('/en/desk/posts?author=', mine)).text()).not.toContain(`theirs-${tag}`)

    const all = await (await page('/en/desk/posts', editor)).text()
    expect(all).toContain(`theirs-${tag}`)
    expect(await (await page('/en/desk/posts?author=mine', editor)).text()).not.toContain(`theirs-${tag}`)

    const arabicMissing = await (await page('/en/desk/posts?translation=ar-missing', mine)).text()
    expect(arabicMissing).toContain(`english-only-${tag}`)
    expect(arabicMissing).not.toContain(`mine-${tag}`)
    const complete = await (await page('/en/desk/posts?translation=complete', mine)).text()
    expect(complete).toContain(`mine-${tag}`)
    expect(complete).not.toContain(`english-only-${tag}`)
    const articles = await (await page('/en/desk/posts?kind=article', mine)).text()
    expect(articles).toContain(`english-only-${tag}`)
    expect(articles).not.toContain(`mine-${tag}`)
    expect(await (await page('/en/desk/posts?status=published', mine)).text()).not.toContain(tag)
    // The filter form is a GET form that works without JavaScript, in Arabic too.
    const arabic = await (await page('/ar/desk/posts?status=draft', mine)).text()
    expect(arabic).toMatch(/<form[^>]*method="get"/)
    expect(arabic).toContain(`mine-${tag}`)
  })

  it('answers the API’s author and translation filters', async () => {
    const contributor = await insertUserWithRole('contributor')
    const editor = await insertUserWithRole('editor')
    const id = await createDraft(contributor)
    const byAuthor = await callApi<{ id: string }[]>(`desk/posts?author=${contributor.id}`, { bearer: editor.token })
    expect(byAuthor.body.data!.map((p) => p.id)).toEqual([id])
    expect((await callApi(`desk/posts?translation=nope`, { bearer: editor.token })).status).toBe(422)
  })
})

describe('the editor', () => {
  it('creates a draft from the form and opens its editor', async () => {
    const contributor = await insertUserWithRole('contributor')
    const form = await (await page('/en/desk/posts/new', contributor)).text()
    expect(form).toContain('name="title.ar"')
    expect(form).toMatch(/name="title.ar"[^>]*dir="rtl"|dir="rtl"[^>]*name="title.ar"/)
    expect(form).toContain('data-island="rich-text"')
    const id = await createDraft(contributor, draftFields(unique(), { 'author.en': 'Sami Ali', 'author.ar': 'سامي علي' }))
    const stored = await readPost(id, contributor)
    expect(stored.status).toBe('draft')
    expect(stored.body.en).toBe('<p>The story.</p>')
    expect(stored.author).toEqual({ ar: 'سامي علي', en: 'Sami Ali' })
    const editor = await (await page(`/en/desk/posts/${id}`, contributor)).text()
    expect(editor).toContain(stored.title.en)
    expect(editor).toContain(`action="/en/desk/posts/${id}/save"`)
  })

  it('shows the API’s 422 on the field that caused it, in the page’s language', async () => {
    const contributor = await insertUserWithRole('contributor')
    const res = await post('/ar/desk/posts', contributor, draftFields(unique(), { 'title.ar': 'x'.repeat(201), 'title.en': 'fine' }))
    expect(res.status).toBe(422)
    const html = await res.text()
    expect(html).toMatch(/id="desk-title-ar-error"[^>]*>[^<]*[\u0600-\u06FF]/)
    expect(html).toContain('aria-invalid="true"')
    // What was typed is still there.
    expect(html).toContain('The story.')

    const english = await post('/en/desk/posts', contributor, draftFields(unique(), { 'title.ar': '', 'title.en': '' }))
    expect(english.status).toBe(422)
    expect(await english.text()).toMatch(/id="desk-title-ar-error"[^>]*>Please give the post a title/)
  })

  it('saves the form, and autosaves without piling up revisions', async () => {
    const contributor = await insertUserWithRole('contributor')
    const fields = draftFields()
    const id = await createDraft(contributor, fields)
    const saved = await post(`/en/desk/posts/${id}/save`, contributor, { ...fields, 'title.en': `${fields['title.en']} (updated)` })
    expect(saved.status).toBe(303)
    expect(saved.headers.get('location')).toBe(`/en/desk/posts/${id}`)
    expect((await readPost(id, contributor)).revision).toBe(2)

    const auto = await post(`/en/desk/posts/${id}/autosave`, contributor, { ...fields, 'summary.en': 'A new summary.' }, true)
    expect(auto.status).toBe(200)
    const answer = (await auto.json()) as { savedAt: string; message: string }
    expect(new Date(answer.savedAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect((await readPost(id, contributor)).revision).toBe(3)
    // The same form again changes nothing: no new revision.
    const again = await post(`/en/desk/posts/${id}/autosave`, contributor, { ...fields, 'summary.en': 'A new summary.' }, true)
    expect(again.status).toBe(200)
    expect((await readPost(id, contributor)).revision).toBe(3)
    // A refusal says why.
    const refused = await post(`/ar/desk/posts/${id}/autosave`, contributor, { ...fields, 'title.ar': '', 'title.en': '' }, true)
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/)
  })

  it('creates a new post on its first autosave, and says where its editor is', async () => {
    const contributor = await insertUserWithRole('contributor')
    const res = await post('/en/desk/posts', contributor, draftFields(), true)
    expect(res.status).toBe(200)
    const answer = (await res.json()) as { editor: string; autosave: string; save: string }
    expect(answer.editor).toMatch(/^\/en\/desk\/posts\/\d+$/)
    expect(answer.autosave).toBe(`${answer.editor}/autosave`)
    expect(answer.save).toBe(`${answer.editor}/save`)
  })

  it('adds and removes tags through the form, and finds them without JavaScript', async () => {
    const editor = await insertUserWithRole('editor')
    const [club] = await sql()<{ id: string; en: string }[]>`select id::text, name ->> 'en' as en from clubs where name ->> 'en' <> '' order by id limit 1`
    const found = await (await page(`/en/desk/posts/new?tagq=${encodeURIComponent(club!.en)}`, editor)).text()
    expect(found).toMatch(new RegExp(`<button[^>]*value="club:${club!.id}"[^>]*name="tags.add"`))
    const fields = draftFields()
    const id = await createDraft(editor, { ...fields, 'tags.add': `club:${club!.id}` })
    expect((await callApi<{ tags: unknown[] }>(`desk/posts/${id}`, { bearer: editor.token })).body.data!.tags).toEqual([{ type: 'club', id: club!.id }])
    const html = await (await page(`/en/desk/posts/${id}`, editor)).text()
    expect(html).toMatch(new RegExp(`<input type="checkbox"[^>]*value="club:${club!.id}"`))
    // The search box's button saves what was typed first, then shows what it found.
    const searched = await post(`/en/desk/posts/${id}/save`, editor, { ...fields, 'summary.en': 'Typed before searching.', tagq: club!.en, tagsearch: '1', tags: `club:${club!.id}` })
    expect(searched.status).toBe(303)
    expect(searched.headers.get('location')).toBe(`/en/desk/posts/${id}?tagq=${encodeURIComponent(club!.en).replace(/%20/g, '+')}`)
    expect((await callApi<{ summary: { en: string } }>(`desk/posts/${id}`, { bearer: editor.token })).body.data!.summary.en).toBe('Typed before searching.')
    // The combobox's JSON, with the page's session.
    const lookup = await page(`/en/desk/tags?q=${encodeURIComponent(club!.en)}`, editor)
    expect(lookup.headers.get('cache-control')).toBe('private, no-store')
    expect(((await lookup.json()) as { data: { type: string; id: string }[] }).data).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'club', id: club!.id })]))
    expect((await page(`/en/desk/tags?q=x`, await insertUserWithRole('reader'))).status).toBe(403)
    // Unticked: gone.
    await post(`/en/desk/posts/${id}/save`, editor, fields)
    expect((await callApi<{ tags: unknown[] }>(`desk/posts/${id}`, { bearer: editor.token })).body.data!.tags).toEqual([])
  })
})

describe('audio and video', () => {
  /** A library clip as an upload leaves it; the editor only lists it. */

  it('lists the library’s clips as checkboxes with kind and title, and attaches the ones ticked', async () => {
    const contributor = await insertUserWithRole('contributor')
    const tag = unique()
    const sound = await libraryItem('audio', `Commentary ${tag}`)
    const video = await libraryItem('video', `Replay ${tag}`)
    const editor = await (await page('/en/desk/posts/new', contributor)).text()
    expect(editor).toContain('<legend>Audio and video</legend>')
    expect(editor).toMatch(box(sound))
    expect(editor).toMatch(box(video))
    expect(editor).toMatch(new RegExp(`value="${video}"/><span class="desk-muted">Video</span><bdi>Replay ${tag}</bdi>`))
    expect(editor).toContain('Upload audio or video to the media library')

    const id = await createDraft(contributor, { ...draftFields(tag), media: video } as Record<string, string>)
    expect((await callApi<{ media: string[] }>(`desk/posts/${id}`, { bearer: contributor.token })).body.data!.media).toEqual([video])
    await post(`/en/desk/posts/${id}/save`, contributor, { ...draftFields(tag), media: [video, sound] })
    expect((await callApi<{ media: string[] }>(`desk/posts/${id}`, { bearer: contributor.token })).body.data!.media).toEqual([video, sound])
    const shown = await (await page(`/en/desk/posts/${id}`, contributor)).text()
    expect(shown).toMatch(checkedBox(video))
    expect(shown).toMatch(checkedBox(sound))
    // Attached first, in the order the page plays them, so a save keeps it.
    expect(shown.search(box(video))).toBeLessThan(shown.search(box(sound)))
    const ar = await (await page(`/ar/desk/posts/${id}`, contributor)).text()
    expect(ar).toContain('<bdi>عنوان Replay')
    // The preview is the reader's page: it plays them, in that order.
    const preview = await (await page(`/en/desk/posts/${id}/preview/en`, contributor)).text()
    expect(preview.indexOf(`<figcaption>Replay ${tag}</figcaption>`)).toBeGreaterThan(-1)
    expect(preview.indexOf(`<figcaption>Replay ${tag}</figcaption>`)).toBeLessThan(preview.indexOf(`<figcaption>Commentary ${tag}</figcaption>`))
  })

  it('shows the API’s refusal on the fieldset, and a restored revision from before clips has none', async () => {
    const contributor = await insertUserWithRole('contributor')
    const fields = draftFields()
    const id = await createDraft(contributor, fields)
    const refused = await post(`/en/desk/posts/${id}/save`, contributor, { ...fields, media: '999999999' })
    expect(refused.status).toBe(422)
    expect(await refused.text()).toMatch(/id="desk-media-error"[^>]*>Each clip must be audio or video from the media library\./)

    const sound = await libraryItem('audio', 'Restored away')
    await post(`/en/desk/posts/${id}/save`, contributor, { ...fields, media: sound })
    expect((await readPost(id, contributor)).revision).toBe(2)
    // Revisions written before posts had clips do not name them.
    await sql()`update post_revisions set content = content - 'media' where post_id = ${id} and number = 1`
    expect((await post(`/en/desk/posts/${id}/restore`, contributor, { rev: '1' })).status).toBe(303)
    expect((await callApi<{ media: string[] }>(`desk/posts/${id}`, { bearer: contributor.token })).body.data!.media).toEqual([])
    expect((await post(`/en/desk/posts/${id}/restore`, contributor, { rev: '2' })).status).toBe(303)
    expect((await callApi<{ media: string[] }>(`desk/posts/${id}`, { bearer: contributor.token })).body.data!.media).toEqual([sound])
  })
})

describe('revisions', () => {
  it('lists them newest first, shows a diff and restores one as a new revision', async () => {
    const contributor = await insertUserWithRole('contributor')
    const fields = draftFields()
    const id = await createDraft(contributor, fields)
    await post(`/en/desk/posts/${id}/save`, contributor, { ...fields, 'title.en': 'Al Hilal lose the derby' })
    const list = await (await page(`/en/desk/posts/${id}/revisions?rev=1`, contributor)).text()
    expect(list.indexOf('>2<')).toBeLessThan(list.indexOf('>1<'))
    expect(list).toMatch(/<del>.*win/s)
    expect(list).toMatch(/<ins>.*lose/s)
    expect(list).toContain('Restore this revision')

    const restored = await post(`/en/desk/posts/${id}/restore`, contributor, { rev: '1' })
    expect(restored.status).toBe(303)
    const after = await readPost(id, contributor)
    expect(after.revision).toBe(3)
    expect(after.title.en).toBe(fields['title.en'])
    const [audit] = await sql()<{ action: string }[]>`select action from audit_log where target_type = 'post' and target_id = ${id} order by id desc limit 1`
    expect(audit!.action).toBe('post.update')
  })

  it('says when the cover, the tags or the clips changed, and restores the cover with the rest', async () => {
    const contributor = await insertUserWithRole('contributor')
    const fields = draftFields()
    const id = await createDraft(contributor, fields)
    const cover = await libraryItem('image', 'Stadium')
    const sound = await libraryItem('audio', 'Commentary')
    const same = await (await page(`/en/desk/posts/${id}/revisions?rev=1`, contributor)).text()
    expect(same).toContain('This revision is the same as the post now.')
    await post(`/en/desk/posts/${id}/save`, contributor, { ...fields, cover, media: sound })
    const list = await (await page(`/en/desk/posts/${id}/revisions?rev=1`, contributor)).text()
    expect(list).not.toContain('This revision is the same as the post now.')
    expect(list).toContain('The cover changed.')
    expect(list).toContain('The audio and video changed.')
    expect(list).not.toContain('The tags changed.')

    expect((await post(`/en/desk/posts/${id}/restore`, contributor, { rev: '1' })).status).toBe(303)
    const restored = (await callApi<{ cover: string | null; media: string[] }>(`desk/posts/${id}`, { bearer: contributor.token })).body.data!
    expect(restored).toMatchObject({ cover: null, media: [] })
  })
})

describe('the preview', () => {
  it('is the reader’s page of a draft, marked, never indexed or cached, and only for the desk', async () => {
    const contributor = await insertUserWithRole('contributor')
    const id = await createDraft(contributor)
    const res = await page(`/ar/desk/posts/${id}/preview/ar`, contributor)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('x-robots-tag')).toBe('noindex')
    const html = await res.text()
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toContain('class="post-body"')
    expect(html).toContain('<p>نص الخبر.</p>')
    expect(html).toContain('desk-preview-bar')
    // The reader's page, not the editor: no editor island comes with it.
    expect(html).not.toContain('data-island="rich-text"')
    // The page is in the language previewed.
    const moved = await page(`/ar/desk/posts/${id}/preview/en`, contributor)
    expect(moved.status).toBe(302)
    expect(moved.headers.get('location')).toBe(`/en/desk/posts/${id}/preview/en`)
    expect((await page(`/en/desk/posts/${id}/preview/en`, await insertUserWithRole('reader'))).status).toBe(403)
    expect((await page(`/en/desk/posts/${id}/preview/en`, await insertUserWithRole('contributor'))).status).toBe(403)
  })
})

describe('the workflow buttons', () => {
  it('lets a contributor submit but not publish', async () => {
    const contributor = await insertUserWithRole('contributor')
    const id = await createDraft(contributor)
    const html = await (await page(`/en/desk/posts/${id}`, contributor)).text()
    expect(html).toContain('Submit for review')
    expect(html).not.toContain('Publish now')
    expect(html).not.toContain('Unpublish')
    const submitted = await post(`/en/desk/posts/${id}/submit`, contributor, {})
    expect(submitted.status).toBe(303)
    expect((await readPost(id, contributor)).status).toBe('review')
    const refused = await post(`/ar/desk/posts/${id}/publish`, contributor, { at: '' })
    expect(refused.status).toBe(403)
    expect(await refused.text()).toMatch(/desk-form-error[^>]*>[^<]*[\u0600-\u06FF]/)
    expect((await readPost(id, contributor)).status).toBe('review')
    expect((await post(`/en/desk/posts/${id}/unpublish`, contributor, {})).status).toBe(403)
  })

  it('lets an editor schedule in their zone, publish and unpublish', async () => {
    const contributor = await insertUserWithRole('contributor')
    const editor = await insertUserWithRole('editor')
    const id = await createDraft(contributor)
    const html = await (await page(`/en/desk/posts/${id}`, editor)).text()
    expect(html).toContain('type="datetime-local"')
    expect(html).toMatch(/GMT[+-]\d/)

    // Tomorrow at 09:30 in Riyadh is 06:30 UTC.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const scheduled = await post(`/en/desk/posts/${id}/publish`, editor, { at: `${tomorrow}T09:30`, zone: 'Asia/Riyadh' })
    expect(scheduled.status).toBe(303)
    const [row] = await sql()<{ status: string; published_at: Date }[]>`select status, published_at from posts where id = ${id}`
    expect(row!.status).toBe('scheduled')
    expect(row!.published_at.toISOString()).toBe(`${tomorrow}T06:30:00.000Z`)

    const bad = await post(`/en/desk/posts/${id}/publish`, editor, { at: 'soon', zone: 'Asia/Riyadh' })
    expect(bad.status).toBe(422)

    expect((await post(`/en/desk/posts/${id}/unpublish`, editor, {})).status).toBe(303)
    expect((await readPost(id, editor)).status).toBe('draft')
    expect((await post(`/en/desk/posts/${id}/publish`, editor, { at: '' })).status).toBe(303)
    expect((await readPost(id, editor)).status).toBe('published')
    expect(await (await page(`/en/desk/posts/${id}`, editor)).text()).toContain('Unpublish')
  })

  it('shows what stops a publish on the fields that are empty', async () => {
    const editor = await insertUserWithRole('editor')
    const id = await createDraft(editor, draftFields(unique(), { 'summary.ar': '' }))
    const res = await post(`/en/desk/posts/${id}/publish`, editor, { at: '' })
    expect(res.status).toBe(422)
    expect(await res.text()).toContain('id="desk-summary-ar-error"')
  })
})

describe('GET desk/tags', () => {
  it('finds clubs, players, competitions and matches for the desk only', async () => {
    const contributor = await insertUserWithRole('contributor')
    const [club] = await sql()<{ id: string; en: string }[]>`select id::text, name ->> 'en' as en from clubs where name ->> 'en' <> '' order by id limit 1`
    const { status, body } = await callApi<{ type: string; id: string; label: { ar: string; en: string } }[]>(`desk/tags?q=${encodeURIComponent(club!.en)}`, {
      bearer: contributor.token,
    })
    expect(status).toBe(200)
    expect(body.data!.length).toBeLessThanOrEqual(20)
    expect(body.data).toEqual(expect.arrayContaining([{ type: 'club', id: club!.id, label: expect.objectContaining({ en: club!.en }) }]))
    expect((await callApi('desk/tags?q=ahly', { bearer: (await insertUserWithRole('reader')).token })).status).toBe(403)
    expect((await callApi('desk/tags?q=ahly')).status).toBe(401)
    expect((await callApi('desk/tags?q=', { bearer: contributor.token })).status).toBe(422)
  })
})
