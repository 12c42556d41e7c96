// The desk's media library (docs/desk-api.md, decisions 084–085): uploads judged by their
// bytes, with a credit, a licence and a text in both languages; an image's WebP covers,
// served for good; covers chosen by id on posts; and the library's screens.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Envelope } from '../../lib/envelope.ts'
import { proveImageDecodes, UndecodableImage } from '../../src/media/variants.ts'
import { callApi } from './api-helpers.ts'
import { fetchPage, insertUserWithRole, ORIGIN, sql, type TestUser, uniqueIp } from './helpers.ts'
import { jpeg, jfif, png, UNDECODABLE_IMAGES } from '../support/image-fixtures.ts'

type Variant = { src: string; width: number; height: number; bytes: number }
type Item = {
  id: string
  kind: string
  mime: string
  src: string
  bytes: number
  width: number | null
  height: number | null
  credit: string
  licence: string
  alt: { ar: string; en: string }
  variants: Variant[]
}

/** A greyscale ramp 1000 × 60: wide enough for three cover widths and its own. */
const WIDE_PNG = png({ width: 1000, height: 60 })

const fields = (overrides: Record<string, string | null> = {}) => ({
  credit: 'Hadaf / Sami Haddad',
  licence: 'own',
  'alt.ar': 'لاعبو الهلال يحتفلون بالهدف',
  'alt.en': 'Al Hilal players celebrate the goal',
  ...overrides,
})

/** A multipart upload as a browser or a script sends it. */
async function upload(user: TestUser | null, file: Uint8Array | null, overrides: Record<string, string | null> = {}, name = 'photo.png') {
  const form = new FormData()
  if (file) form.set('file', new File([file as BlobPart], name, { type: 'image/png' }))
  for (const [key, value] of Object.entries(fields(overrides))) if (value !== null) form.set(key, value)
  const headers: Record<string, string> = { 'cf-connecting-ip': uniqueIp() }
  if (user) headers.authorization = `Bearer ${user.token}`
  const res = await fetchPage('/api/v1/desk/media', { method: 'POST', headers, body: form })
  return { status: res.status, body: (await res.json()) as Envelope<Item> }
}

let contributor: TestUser

beforeAll(async () => {
  contributor = await insertUserWithRole('contributor')
  await fetchPage('/robots.txt')
}, 30_000)

describe('POST desk/media', () => {
  it('stores an image with its credit, licence and text, and WebP covers at the widths pages use', async () => {
    const started = Date.now()
    const { status, body } = await upload(contributor, WIDE_PNG)
    const elapsed = Date.now() - started
    expect(status).toBe(201)
    const item = body.data!
    expect(item).toMatchObject({ kind: 'image', mime: 'image/png', width: 1000, height: 60, credit: 'Hadaf / Sami Haddad', licence: 'own' })
    expect(item.alt).toEqual({ ar: 'لاعبو الهلال يحتفلون بالهدف', en: 'Al Hilal players celebrate the goal' })
    expect(item.src).toMatch(/^\/media\/library\/[0-9a-f-]{36}\.png$/)
    expect(item.variants.map((v) => v.width)).toEqual([320, 640, 960, 1000])
    expect(item.variants.map((v) => v.height)).toEqual([19, 38, 58, 60])
    console.log(`upload with 4 covers: ${elapsed} ms; covers ${item.variants.map((v) => `${v.width}w ${v.bytes} B`).join(', ')}`)

    const cover = await fetchPage(item.variants[0]!.src)
    expect(cover.status).toBe(200)
    expect(cover.headers.get('content-type')).toBe('image/webp')
    expect(cover.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const bytes = new Uint8Array(await cover.arrayBuffer())
    expect(String.fromCharCode(...bytes.slice(8, 12))).toBe('WEBP')

    const original = await fetchPage(item.src)
    expect(original.headers.get('content-type')).toBe('image/png')

    const [audit] = await sql()<{ action: string; actor_id: string }[]>`
      select action, actor_id::text from audit_log where target_type = 'media' and target_id = ${item.id}`
    expect(audit).toEqual({ action: 'media.create', actor_id: contributor.id })
  })

  it('takes audio and video by their bytes, and keeps no covers for them', async () => {
    const mp3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, ...new Array(200).fill(0)])
    const { status, body } = await upload(contributor, mp3, { 'alt.ar': 'تعليق على الهدف', 'alt.en': 'Commentary on the goal' }, 'clip.png')
    expect(status).toBe(201)
    expect(body.data).toMatchObject({ kind: 'audio', mime: 'audio/mpeg', width: null, variants: [] })
    expect(body.data!.src).toMatch(/\.mp3$/)
  })

  it('refuses an upload without a credit with 422, naming the field, and stores nothing', async () => {
    const before = await sql()<{ n: number }[]>`select count(*)::int as n from media`
    const { status, body } = await upload(contributor, WIDE_PNG, { credit: null })
    expect(status).toBe(422)
    expect(Object.keys(body.errors!)).toEqual(['credit'])
    const after = await sql()<{ n: number }[]>`select count(*)::int as n from media`
    expect(after[0]!.n).toBe(before[0]!.n)
  })

  it('names every missing field at once, in Arabic by default', async () => {
    const { status, body } = await upload(contributor, null, { licence: 'stolen', 'alt.ar': '', 'alt.en': null })
    expect(status).toBe(422)
    expect(Object.keys(body.errors!).sort()).toEqual(['alt.ar', 'alt.en', 'file', 'licence'])
    expect(body.errors!.file).toMatch(/[\u0600-\u06ff]/)
  })

  it('refuses bytes that are no image under an image’s name with 415', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')
    const { status, body } = await upload(contributor, html, {}, 'photo.jpg')
    expect(status).toBe(415)
    expect(Object.keys(body.errors!)).toEqual(['file'])
  })

  it('refuses a JPEG whose structure does not read with 422', async () => {
    const { status, body } = await upload(contributor, jpeg(jfif()).slice(0, 30))
    expect(status).toBe(422)
    expect(Object.keys(body.errors!)).toEqual(['file'])
  })

  it.each(UNDECODABLE_IMAGES)('refuses %s, which passes the header checks and does not decode, with 422 naming the file, and keeps nothing', async (_, bytes) => {
    const uploader = await insertUserWithRole('contributor')
    const { status, body } = await upload(uploader, bytes)
    expect(status).toBe(422)
    expect(Object.keys(body.errors!)).toEqual(['file'])
    expect(body.errors!.file).toBe('تعذّرت قراءة هذا الملف. يرجى اختيار ملف آخر.')
    const rows = await sql()`select 1 from media where created_by = ${uploader.id}`
    const objects = await env.MEDIA.list({ prefix: 'library/', include: ['customMetadata'] })
    expect(rows).toHaveLength(0)
    expect(objects.objects.filter((object) => object.customMetadata?.owner === uploader.id)).toEqual([])
  })

  it('refuses an image over 10 MB with 413', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(WIDE_PNG)
    const { status, body } = await upload(contributor, big)
    expect(status).toBe(413)
    expect(Object.keys(body.errors!)).toEqual(['file'])
  })

  it('refuses a reader with 403 and a visitor with 401', async () => {
    expect((await upload(await insertUserWithRole('reader'), WIDE_PNG)).status).toBe(403)
    expect((await upload(null, WIDE_PNG)).status).toBe(401)
  })
})

describe('proving an image decodes (decision 104)', () => {
  const [, undecodable] = UNDECODABLE_IMAGES[0]!
  /** A binding that answers nothing, as when Images is not enabled or is down. */
  const down = {
    info: () => Promise.reject(new Error('IMAGES_INFO_ERROR 9523: down')),
    input: () => ({ transform: () => ({ output: () => Promise.reject(new Error('IMAGES_TRANSFORM_ERROR 9523: down')) }) }),
  } as unknown as ImagesBinding

  it('passes an image the binding draws and blames the file for one it cannot', async () => {
    await expect(proveImageDecodes(env.IMAGES, png())).resolves.toBeUndefined()
    await expect(proveImageDecodes(env.IMAGES, undecodable)).rejects.toBeInstanceOf(UndecodableImage)
  })

  it('blames the binding, not the file, when the binding draws nothing at all', async () => {
    const failure = await proveImageDecodes(down, undecodable).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect(failure).not.toBeInstanceOf(UndecodableImage)
  })
})

describe('GET and PATCH desk/media', () => {
  it('lists the newest first, by kind and by words of the credit or text', async () => {
    const tag = crypto.randomUUID().slice(0, 8)
    const { body } = await upload(contributor, WIDE_PNG, { credit: `Agency ${tag}`, licence: 'agency' })
    const { status, body: list } = await callApi<Item[]>(`desk/media?kind=image&q=${tag}`, { bearer: contributor.token })
    expect(status).toBe(200)
    expect(list.data!.map((item) => item.id)).toEqual([body.data!.id])
    const audio = await callApi<Item[]>('desk/media?kind=audio&limit=5', { bearer: contributor.token })
    expect(audio.body.data!.every((item) => item.kind === 'audio')).toBe(true)
    // Several kinds at once, as the post editor asks for its clips.
    const clips = await callApi<Item[]>('desk/media?kind=audio,video&limit=200', { bearer: contributor.token })
    const kinds = new Set(clips.body.data!.map((item) => item.kind))
    expect(kinds.has('audio')).toBe(true)
    expect(kinds.has('image')).toBe(false)
    expect((await callApi('desk/media?kind=gif', { bearer: contributor.token })).status).toBe(422)
    expect((await callApi('desk/media?kind=audio,gif', { bearer: contributor.token })).status).toBe(422)
    expect((await callApi('desk/media', { bearer: (await insertUserWithRole('reader')).token })).status).toBe(403)
  })

  it('reads one item, and answers 404 for an unknown id', async () => {
    const { body } = await upload(contributor, WIDE_PNG)
    const read = await callApi<Item>(`desk/media/${body.data!.id}`, { bearer: contributor.token })
    expect(read.body.data!.variants).toHaveLength(4)
    expect((await callApi('desk/media/999999999', { bearer: contributor.token })).status).toBe(404)
    expect((await callApi('desk/media/abc', { bearer: contributor.token })).status).toBe(404)
  })

  it('changes the credit, licence and one language’s text, audited with before and after', async () => {
    const { body } = await upload(contributor, WIDE_PNG)
    const id = body.data!.id
    const editor = await insertUserWithRole('editor')
    const { status, body: saved } = await callApi<Item>(`desk/media/${id}`, {
      method: 'PATCH',
      bearer: editor.token,
      body: { credit: 'Reuters', licence: 'agency', alt: { en: 'The captain lifts the cup' } },
    })
    expect(status).toBe(200)
    expect(saved.data).toMatchObject({ credit: 'Reuters', licence: 'agency', alt: { ar: 'لاعبو الهلال يحتفلون بالهدف', en: 'The captain lifts the cup' } })
    const [audit] = await sql()<{ before: Item; after: Item }[]>`
      select before, after from audit_log where action = 'media.update' and target_id = ${id}`
    expect(audit!.before.credit).toBe('Hadaf / Sami Haddad')
    expect(audit!.after.credit).toBe('Reuters')
  })

  it('refuses an empty credit, an unknown licence and an empty patch with 422', async () => {
    const { body } = await upload(contributor, WIDE_PNG)
    const id = body.data!.id
    const bad = await callApi(`desk/media/${id}`, { method: 'PATCH', bearer: contributor.token, body: { credit: ' ', licence: 'mine' } })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors!).sort()).toEqual(['credit', 'licence'])
    expect((await callApi(`desk/media/${id}`, { method: 'PATCH', bearer: contributor.token, body: {} })).status).toBe(422)
    expect((await callApi('desk/media/999999999', { method: 'PATCH', bearer: contributor.token, body: { credit: 'X' } })).status).toBe(404)
  })
})

describe('who may change a library item', () => {
  const MP3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 1, 2, 3])
  const change = (user: TestUser, id: string, lang?: string) =>
    callApi<Item & { usedByPostsOut: boolean }>(`desk/media/${id}`, {
      method: 'PATCH',
      bearer: user.token,
      body: { credit: `Changed ${crypto.randomUUID().slice(0, 8)}`, alt: { en: 'Changed text' } },
      lang,
    })
  /** A post the editor writes around the item and sends out: published now, or scheduled for tomorrow. */
  async function postOut(editor: TestUser, uses: { cover?: string; media?: string[] }, when: 'now' | 'tomorrow') {
    const tag = crypto.randomUUID().slice(0, 8)
    const post = { kind: 'news', title: { ar: `مادة ${tag}`, en: `Item ${tag}` }, summary: { ar: 'ملخص.', en: 'Summary.' }, body: { ar: '<p>نص.</p>', en: '<p>Text.</p>' }, ...uses }
    const { body } = await callApi<{ id: string }>('desk/posts', { body: post, bearer: editor.token })
    const at = when === 'now' ? {} : { at: new Date(Date.now() + 86_400_000).toISOString() }
    expect((await callApi(`desk/posts/${body.data!.id}/publish`, { method: 'POST', body: at, bearer: editor.token })).status).toBe(200)
  }

  it('refuses a contributor another’s item with 403, in Arabic by default and in English, and changes nothing', async () => {
    const item = (await upload(await insertUserWithRole('contributor'), WIDE_PNG)).body.data!
    const ar = await change(contributor, item.id)
    expect(ar.status).toBe(403)
    expect(ar.body.message).toMatch(/[\u0600-\u06ff]/)
    const en = await change(contributor, item.id, 'en')
    expect(en.status).toBe(403)
    expect(en.body.message).toBe('Your account is not allowed to do this.')
    const read = await callApi<Item>(`desk/media/${item.id}`, { bearer: contributor.token })
    expect(read.body.data).toMatchObject({ credit: item.credit, alt: item.alt })
  })

  it('lets a contributor change their own item while only drafts use it, and refuses it once a published post shows it as its cover', async () => {
    const editor = await insertUserWithRole('editor')
    const item = (await upload(contributor, WIDE_PNG)).body.data!
    const draft = await callApi('desk/posts', {
      body: { kind: 'news', title: { ar: 'مسودة', en: 'A draft' }, summary: { ar: 'م.', en: 'S.' }, body: { ar: '<p>ن.</p>', en: '<p>T.</p>' }, cover: item.id },
      bearer: contributor.token,
    })
    expect(draft.status).toBe(201)
    const own = await change(contributor, item.id)
    expect(own.status).toBe(200)

    await postOut(editor, { cover: item.id }, 'now')
    const refused = await change(contributor, item.id, 'en')
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Your account is not allowed to do this.')
    const byEditor = await change(editor, item.id)
    expect(byEditor.status).toBe(200)
    expect([own.body.data!.usedByPostsOut, byEditor.body.data!.usedByPostsOut]).toEqual([false, true])
  })

  it('refuses a contributor their own clip once a scheduled post plays it', async () => {
    const item = (await upload(contributor, MP3, { 'alt.ar': 'تعليق', 'alt.en': 'Commentary' }, 'clip.mp3')).body.data!
    await postOut(await insertUserWithRole('editor'), { media: [item.id] }, 'tomorrow')
    expect((await change(contributor, item.id)).status).toBe(403)
  })

  it('lets an editor change any item, whoever uploaded it', async () => {
    const item = (await upload(contributor, WIDE_PNG)).body.data!
    const { status, body } = await change(await insertUserWithRole('editor'), item.id)
    expect(status).toBe(200)
    expect(body.data!.alt.en).toBe('Changed text')
  })

  it('shows a contributor another’s item without the form, and the editor with it', async () => {
    const item = (await upload(await insertUserWithRole('contributor'), WIDE_PNG)).body.data!
    const page = await (await fetchPage(`/en/desk/media/${item.id}`, { headers: { cookie: contributor.cookie } })).text()
    expect(page).not.toContain('name="credit"')
    expect(page).toContain('Only an editor can change this item')
    expect(page).toContain(`<bdi>${item.credit}</bdi>`)
    // Each text isolated in its own direction inside a value of the page's, so the Arabic starts where the others do.
    expect(page).toContain(`<dd><bdi dir="rtl" lang="ar">${item.alt.ar}</bdi></dd>`)
    const editor = await insertUserWithRole('editor')
    const editorPage = await (await fetchPage(`/en/desk/media/${item.id}`, { headers: { cookie: editor.cookie } })).text()
    expect(editorPage).toContain('name="credit"')
  })
})

describe('covers chosen by id', () => {
  const unique = () => crypto.randomUUID().slice(0, 8)
  const newPost = (cover: unknown) => {
    const tag = unique()
    return {
      kind: 'news',
      title: { ar: `غلاف من المكتبة ${tag}`, en: `A cover from the library ${tag}` },
      summary: { ar: 'ملخص.', en: 'Summary.' },
      body: { ar: '<p>نص.</p>', en: '<p>Text.</p>' },
      cover,
    }
  }

  it('takes a library image as a post’s cover, and refuses an unknown id or a sound with 422', async () => {
    const image = (await upload(contributor, WIDE_PNG)).body.data!
    const created = await callApi<{ id: string }>('desk/posts', { body: newPost(Number(image.id)), bearer: contributor.token })
    expect(created.status).toBe(201)
    const read = await callApi<{ cover: string | null }>(`desk/posts/${created.body.data!.id}`, { bearer: contributor.token })
    expect(read.body.data!.cover).toBe(image.id)

    const unknown = await callApi('desk/posts', { body: newPost('999999999'), bearer: contributor.token })
    expect(unknown.status).toBe(422)
    expect(Object.keys(unknown.body.errors!)).toEqual(['cover'])
    const mp3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 1, 2, 3])
    const sound = (await upload(contributor, mp3, {}, 'clip.mp3')).body.data!
    expect((await callApi('desk/posts', { body: newPost(sound.id), bearer: contributor.token })).status).toBe(422)
    const patched = await callApi(`desk/posts/${created.body.data!.id}`, { method: 'PATCH', body: { cover: sound.id }, bearer: contributor.token })
    expect(patched.status).toBe(422)
    expect((await callApi('desk/posts', { body: newPost('cover.jpg'), bearer: contributor.token })).status).toBe(422)
  })

  it('changes and removes a cover by PATCH, each a new revision', async () => {
    const first = (await upload(contributor, WIDE_PNG)).body.data!
    const second = (await upload(contributor, WIDE_PNG)).body.data!
    const { body } = await callApi<{ id: string }>('desk/posts', { body: newPost(first.id), bearer: contributor.token })
    const id = body.data!.id
    const changed = await callApi<{ cover: string; revision: number }>(`desk/posts/${id}`, { method: 'PATCH', body: { cover: second.id }, bearer: contributor.token })
    expect(changed.body.data).toMatchObject({ cover: second.id, revision: 2 })
    const removed = await callApi<{ cover: string | null; revision: number }>(`desk/posts/${id}`, { method: 'PATCH', body: { cover: null }, bearer: contributor.token })
    expect(removed.body.data).toMatchObject({ cover: null, revision: 3 })
  })

  it('shows the cover in its WebP widths on the post page, the home page and the lists, with alt text and credit in the page’s language', async () => {
    const image = (await upload(contributor, WIDE_PNG, { credit: 'Hadaf / Lina Saad', licence: 'cc-by-4.0' })).body.data!
    const editor = await insertUserWithRole('editor')
    const { body } = await callApi<{ id: string; slug: { ar: string; en: string } }>('desk/posts', { body: newPost(image.id), bearer: editor.token })
    expect((await callApi(`desk/posts/${body.data!.id}/publish`, { method: 'POST', body: {}, bearer: editor.token })).status).toBe(200)
    const srcset = image.variants.map((v) => `${v.src} ${v.width}w`).join(', ')

    const en = await (await fetchPage(`/en/news/${body.data!.slug.en}`)).text()
    // React writes the attribute as srcSet; HTML's attribute names are case-insensitive.
    expect(en).toContain(`srcSet="${srcset}"`)
    expect(en).toContain('sizes="(min-width: 48rem) 46rem, 100vw"')
    expect(en).toContain('alt="Al Hilal players celebrate the goal"')
    expect(en).toMatch(/<figcaption class="post-hero-credit">Photo: <bdi>Hadaf \/ Lina Saad<\/bdi> \(CC BY 4.0\)<\/figcaption>/)
    const ar = await (await fetchPage(`/ar/news/${encodeURIComponent(body.data!.slug.ar)}`)).text()
    expect(ar).toContain('alt="لاعبو الهلال يحتفلون بالهدف"')

    const home = await (await fetchPage('/en')).text()
    expect(home).toContain(`srcSet="${srcset}"`)
    const list = await (await fetchPage('/en/news')).text()
    expect(list).toContain(`srcSet="${srcset}"`)
  })
})

describe('audio and video attached by id', () => {
  const MP3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 1, 2, 3])
  // EBML's magic, then a DocType that says "webm": what the upload takes as WebM video.
  const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, 0x84, ...new TextEncoder().encode('webm'), 0, 0, 0])
  const clip = async (bytes: Uint8Array, title: string, name: string) =>
    (await upload(contributor, bytes, { 'alt.ar': `عنوان ${title}`, 'alt.en': title }, name)).body.data!
  const newPost = (media?: unknown) => {
    const tag = crypto.randomUUID().slice(0, 8)
    return {
      kind: 'news',
      title: { ar: `صوت وفيديو ${tag}`, en: `Sound and pictures ${tag}` },
      summary: { ar: 'ملخص.', en: 'Summary.' },
      body: { ar: '<p>نص.</p>', en: '<p>Text.</p>' },
      ...(media === undefined ? {} : { media }),
    }
  }
  type Post = { id: string; media: string[]; revision: number; slug: { ar: string; en: string } }

  it('keeps the clips in order, plays them on the published page, and takes them away by PATCH as a new revision', async () => {
    const tag = crypto.randomUUID().slice(0, 8)
    const sound = await clip(MP3, `Commentary ${tag}`, 'clip.mp3')
    const video = await clip(WEBM, `Replay ${tag}`, 'clip.webm')
    expect(video).toMatchObject({ kind: 'video', mime: 'video/webm' })
    const editor = await insertUserWithRole('editor')
    const created = await callApi<{ id: string }>('desk/posts', { body: newPost([sound.id, Number(video.id)]), bearer: editor.token })
    expect(created.status).toBe(201)
    const id = created.body.data!.id
    const read = await callApi<Post>(`desk/posts/${id}`, { bearer: editor.token })
    expect(read.body.data!.media).toEqual([sound.id, video.id])

    expect((await callApi(`desk/posts/${id}/publish`, { method: 'POST', body: {}, bearer: editor.token })).status).toBe(200)
    const html = await (await fetchPage(`/en/news/${read.body.data!.slug.en}`)).text()
    expect(html).toContain('<audio')
    expect(html).toContain('<video')
    expect(sound.src).toMatch(/^\/media\/library\//)
    expect(html).toContain(`src="${sound.src}"`)
    expect(html).toContain(`src="${video.src}"`)
    expect(html.indexOf(`src="${sound.src}"`)).toBeLessThan(html.indexOf(`src="${video.src}"`))
    expect(html).toContain(`<figcaption>Commentary ${tag}</figcaption>`)
    const ar = await (await fetchPage(`/ar/news/${encodeURIComponent(read.body.data!.slug.ar)}`)).text()
    expect(ar).toContain(`<figcaption>عنوان Replay ${tag}</figcaption>`)

    // A clip a post plays cannot be deleted from the library under it.
    await expect(sql()`delete from media where id = ${sound.id}`).rejects.toThrow(/post_media/)

    const removed = await callApi<Post>(`desk/posts/${id}`, { method: 'PATCH', body: { media: [] }, bearer: editor.token })
    expect(removed.status).toBe(200)
    expect(removed.body.data).toMatchObject({ media: [], revision: 2 })
    const [audit] = await sql()<{ before: Post; after: Post }[]>`
      select before, after from audit_log where action = 'post.update' and target_id = ${id}`
    expect(audit!.before.media).toEqual([sound.id, video.id])
    expect(audit!.after.media).toEqual([])
    const revisions = await callApi<{ number: number; content: { media: string[] } }[]>(`desk/posts/${id}/revisions`, { bearer: editor.token })
    expect(revisions.body.data!.map((revision) => revision.content.media)).toEqual([[], [sound.id, video.id]])
    const after = await (await fetchPage(`/en/news/${read.body.data!.slug.en}`)).text()
    expect(after).not.toContain(sound.src)
    // The same clips again change nothing: no revision.
    const again = await callApi<Post>(`desk/posts/${id}`, { method: 'PATCH', body: { media: [] }, bearer: editor.token })
    expect(again.body.data!.revision).toBe(2)
  })

  it('refuses an image, an unknown id, a word and eleven clips with 422 on media, in Arabic by default', async () => {
    const image = (await upload(contributor, WIDE_PNG)).body.data!
    const sound = await clip(MP3, 'Eleven', 'clip.mp3')
    const eleven = Array.from({ length: 11 }, (_, i) => String(Number(sound.id) + i))
    for (const media of [[image.id], ['999999999'], ['abc'], eleven, [{ id: sound.id }], sound.id]) {
      const { status, body } = await callApi('desk/posts', { body: newPost(media), bearer: contributor.token })
      expect(status, JSON.stringify(media)).toBe(422)
      expect(Object.keys(body.errors!)[0]).toMatch(/^media/)
    }
    const refused = await callApi('desk/posts', { body: newPost([sound.id, image.id]), bearer: contributor.token })
    expect(Object.keys(refused.body.errors!)).toEqual(['media'])
    expect(refused.body.errors!.media).toMatch(/[\u0600-\u06ff]/)
    const { body } = await callApi<Post>('desk/posts', { body: newPost(), bearer: contributor.token })
    const patched = await callApi(`desk/posts/${body.data!.id}`, { method: 'PATCH', body: { media: eleven }, bearer: contributor.token })
    expect(patched.status).toBe(422)
    expect(Object.keys(patched.body.errors!)).toEqual(['media'])
  })

  it('lets a contributor attach clips to their own draft, a repeat counting once', async () => {
    const sound = await clip(MP3, 'Mine', 'clip.mp3')
    const { body } = await callApi<Post>('desk/posts', { body: newPost(), bearer: contributor.token })
    const id = body.data!.id
    expect((await callApi<Post>(`desk/posts/${id}`, { bearer: contributor.token })).body.data!.media).toEqual([])
    const patched = await callApi<Post>(`desk/posts/${id}`, { method: 'PATCH', body: { media: [sound.id, sound.id] }, bearer: contributor.token })
    expect(patched.status).toBe(200)
    expect(patched.body.data).toMatchObject({ media: [sound.id], revision: 2 })
  })
})

describe('the media library screens', () => {
  /** A form post from the desk's own page, as a browser without JavaScript sends it. */
  function postScreen(path: string, user: TestUser, body: FormData | URLSearchParams) {
    return fetchPage(path, { method: 'POST', headers: { cookie: user.cookie, origin: ORIGIN, 'cf-connecting-ip': uniqueIp() }, body })
  }

  function uploadForm(file: Uint8Array | null, overrides: Record<string, string | null> = {}) {
    const form = new FormData()
    if (file) form.set('file', new File([file as BlobPart], 'photo.png', { type: 'image/png' }))
    for (const [key, value] of Object.entries(fields(overrides))) if (value !== null) form.set(key, value)
    return form
  }

  it('shows the library with its upload form, fields in the direction of their language', async () => {
    const credit = `Screen ${crypto.randomUUID().slice(0, 8)}`
    await upload(contributor, WIDE_PNG, { credit })
    const res = await fetchPage('/en/desk/media?kind=image', { headers: { cookie: contributor.cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const html = await res.text()
    expect(html).toContain('encType="multipart/form-data"')
    expect(html).toMatch(/<input(?=[^>]*name="alt.ar")(?=[^>]*dir="rtl")/)
    expect(html).toMatch(/<input(?=[^>]*name="alt.en")(?=[^>]*dir="ltr")/)
    expect(html).toContain(`<bdi>${credit}</bdi>`)
    expect(html).toContain('aria-current="page">Images</a>')
    const ar = await fetchPage('/ar/desk/media', { headers: { cookie: contributor.cookie } })
    expect(ar.status).toBe(200)
  })

  it('keeps a reader out', async () => {
    const reader = await insertUserWithRole('reader')
    expect((await fetchPage('/en/desk/media', { headers: { cookie: reader.cookie } })).status).toBe(403)
  })

  it('uploads through the form and goes on to the new item', async () => {
    const credit = `Form ${crypto.randomUUID().slice(0, 8)}`
    const res = await postScreen('/en/desk/media', contributor, uploadForm(WIDE_PNG, { credit }))
    expect(res.status).toBe(303)
    const to = res.headers.get('location')!
    expect(to).toMatch(/^\/en\/desk\/media\/\d+$/)
    const page = await (await fetchPage(to, { headers: { cookie: contributor.cookie } })).text()
    expect(page).toContain(`value="${credit}"`)
    expect(page).toContain('1000 × 60')
  })

  it('shows the form again with each field’s error, keeping what was typed', async () => {
    const res = await postScreen('/en/desk/media', contributor, uploadForm(null, { credit: '', 'alt.en': 'Kept text' }))
    expect(res.status).toBe(422)
    const html = await res.text()
    expect(html).toMatch(/id="desk-file-error"[^>]*>Please choose a file to upload\./)
    expect(html).toMatch(/id="desk-credit-error"/)
    expect(html).toContain('value="Kept text"')
  })

  it('offers the newest images as the cover in the post editor, and saves the one chosen', async () => {
    const image = (await upload(contributor, WIDE_PNG)).body.data!
    const editor = await (await fetchPage('/en/desk/posts/new', { headers: { cookie: contributor.cookie } })).text()
    expect(editor).toMatch(new RegExp(`<input(?=[^>]*name="cover")(?=[^>]*value="${image.id}")`))
    const tag = crypto.randomUUID().slice(0, 8)
    const form = new URLSearchParams({ kind: 'news', 'title.en': `Cover picked ${tag}`, 'summary.en': 'S.', 'body.en': '<p>B.</p>', cover: image.id })
    const res = await postScreen('/en/desk/posts', contributor, form)
    expect(res.status).toBe(303)
    const id = /\/desk\/posts\/(\d+)$/.exec(res.headers.get('location') ?? '')![1]
    const saved = await callApi<{ cover: string | null }>(`desk/posts/${id}`, { bearer: contributor.token })
    expect(saved.body.data!.cover).toBe(image.id)
    const page = await (await fetchPage(`/en/desk/posts/${id}`, { headers: { cookie: contributor.cookie } })).text()
    expect(page).toMatch(new RegExp(`<input(?=[^>]*name="cover")(?=[^>]*value="${image.id}")(?=[^>]*checked)`))
  })

  it('corrects an item’s credit and text through its form', async () => {
    const item = (await upload(contributor, WIDE_PNG)).body.data!
    const body = new URLSearchParams({ credit: 'Corrected credit', licence: 'cc0', 'alt.ar': 'نص مصحح', 'alt.en': 'Corrected text' })
    const res = await postScreen(`/en/desk/media/${item.id}`, contributor, body)
    expect(res.status).toBe(303)
    const read = await callApi<Item>(`desk/media/${item.id}`, { bearer: contributor.token })
    expect(read.body.data).toMatchObject({ credit: 'Corrected credit', licence: 'cc0', alt: { ar: 'نص مصحح', en: 'Corrected text' } })
    const bad = await postScreen(`/en/desk/media/${item.id}`, contributor, new URLSearchParams({ credit: '', licence: 'cc0', 'alt.ar': 'x', 'alt.en': 'y' }))
    expect(bad.status).toBe(422)
  })
})
