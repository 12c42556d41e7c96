// Ratings (issue 5): the API's PUT, DELETE and GET for signed-in readers, the totals kept
// beside each item in the write's transaction, the same-origin routes the page and island
// use with the session cookie, and what the post and player pages show.
import { beforeAll, describe, expect, it } from 'vitest'
import { callApi } from './api-helpers.ts'
import { fetchPage, insertUserWithSession, ORIGIN, postForm, sql, type TestUser } from './helpers.ts'

interface RatingData {
  type: string
  id: number
  average: number
  count: number
  value: number | null
}

let serial = 0

/** A published post of its own, so its totals start at zero whatever other tests do. */
async function newPost(status = 'published'): Promise<{ id: number; slug: string }> {
  serial += 1
  const slug = `rating-test-${serial}-${crypto.randomUUID().slice(0, 8)}`
  const [row] = await sql()<{ id: string }[]>`
    insert into posts (kind, slug_en, slug_ar, title, summary, body, author, status, published_at, source_key)
    values ('article', ${slug}, ${`تقييم-${slug}`}, ${sql().json({ en: `Rated ${serial}`, ar: `مقيم ${serial}` })},
      ${sql().json({ en: 'S', ar: 'م' })}, ${sql().json({ en: '<p>B</p>', ar: '<p>ن</p>' })},
      ${sql().json({ en: 'Hadaf', ar: 'هدف' })}, ${status}, now(), ${`test:rating:${slug}`})
    returning id`
  return { id: Number(row!.id), slug }
}

async function newPlayer(): Promise<number> {
  const [row] = await sql()<{ id: string }[]>`
    insert into players (name, source_key)
    values (${sql().json({ en: 'Rated Player', ar: 'لاعب مقيم' })}, ${`test:rating:player:${crypto.randomUUID()}`})
    returning id`
  return Number(row!.id)
}

async function totals(table: 'posts' | 'players', id: number) {
  const [row] = await sql()<{ count: number; sum: number }[]>`
    select rating_count as count, rating_sum::float8 as sum from ${sql()(table)} where id = ${id}`
  return row!
}

const put = (user: TestUser, body: unknown, lang?: string) =>
  callApi<RatingData>('ratings', { method: 'PUT', bearer: user.token, body, lang })

describe('the ratings API', () => {
  let reader: TestUser
  beforeAll(async () => {
    reader = await insertUserWithSession()
  })

  it('creates a rating, changes it, reads it and removes it, with the totals following', async () => {
    const post = await newPost()
    const created = await put(reader, { type: 'post', id: post.id, value: 4.5 })
    expect(created.status).toBe(200)
    expect(created.body.data).toEqual({ type: 'post', id: post.id, average: 4.5, count: 1, value: 4.5 })
    expect(await totals('posts', post.id)).toEqual({ count: 1, sum: 4.5 })

    const changed = await put(reader, { type: 'post', id: post.id, value: 2 })
    expect(changed.body.data).toMatchObject({ average: 2, count: 1, value: 2 })
    expect(await totals('posts', post.id)).toEqual({ count: 1, sum: 2 })

    const read = await callApi<RatingData>(`ratings?type=post&id=${post.id}`, { bearer: reader.token })
    expect(read.body.data).toMatchObject({ average: 2, count: 1, value: 2 })

    const removed = await callApi<RatingData>('ratings', { method: 'DELETE', bearer: reader.token, body: { type: 'post', id: post.id } })
    expect(removed.status).toBe(200)
    expect(removed.body.data).toMatchObject({ average: 0, count: 0, value: null })
    expect(await totals('posts', post.id)).toEqual({ count: 0, sum: 0 })
    const [left] = await sql()<{ n: number }[]>`select count(*)::int as n from ratings where post_id = ${post.id}`
    expect(left!.n).toBe(0)
  })

  it('takes a DELETE that names the item in its query', async () => {
    const player = await newPlayer()
    await put(reader, { type: 'player', id: player, value: 3 })
    const removed = await callApi<RatingData>(`ratings?type=player&id=${player}`, { method: 'DELETE', bearer: reader.token })
    expect(removed.status).toBe(200)
    expect(removed.body.data).toMatchObject({ count: 0, value: null })
  })

  it('keeps exact totals over several readers, in parallel, and rounds the average to one decimal', async () => {
    const player = await newPlayer()
    const readers = await Promise.all(Array.from({ length: 6 }, () => insertUserWithSession()))
    const values = [5, 4.5, 4, 0.5, 3, 2.5]
    const answers = await Promise.all(readers.map((r, i) => put(r, { type: 'player', id: player, value: values[i] })))
    expect(answers.map((a) => a.status)).toEqual(values.map(() => 200))
    expect(await totals('players', player)).toEqual({ count: 6, sum: 19.5 })
    // Changes and removals in parallel too: 5 → 1, 4.5 removed, the rest as they were.
    await Promise.all([
      put(readers[0]!, { type: 'player', id: player, value: 1 }),
      callApi('ratings', { method: 'DELETE', bearer: readers[1]!.token, body: { type: 'player', id: player } }),
      put(readers[2]!, { type: 'player', id: player, value: 4 }),
    ])
    expect(await totals('players', player)).toEqual({ count: 5, sum: 11 })
    const read = await callApi<RatingData>(`ratings?type=player&id=${player}`, { bearer: readers[3]!.token })
    // 11 / 5 = 2.2; the reader's own value comes with it.
    expect(read.body.data).toMatchObject({ average: 2.2, count: 5, value: 0.5 })
    const [exact] = await sql()<{ average: number }[]>`
      select round(avg(value), 1)::float8 as average from ratings where player_id = ${player}`
    expect(read.body.data!.average).toBe(exact!.average)
  })

  it('keeps one rating per reader and item whatever the number of requests', async () => {
    const post = await newPost()
    await Promise.all([1, 2, 3, 4].map((value) => put(reader, { type: 'post', id: post.id, value })))
    const t = await totals('posts', post.id)
    expect(t.count).toBe(1)
    const [own] = await sql()<{ value: number }[]>`
      select value::float8 as value from ratings where post_id = ${post.id} and user_id = ${reader.id}`
    expect(t.sum).toBe(own!.value)
  })

  it('takes a deleted account\'s ratings out of the totals', async () => {
    const post = await newPost()
    const leaving = await insertUserWithSession()
    await put(leaving, { type: 'post', id: post.id, value: 5 })
    await put(reader, { type: 'post', id: post.id, value: 3 })
    await sql()`delete from users where id = ${leaving.id}`
    expect(await totals('posts', post.id)).toEqual({ count: 1, sum: 3 })
  })

  it('leaves the totals as they were when the write fails inside its transaction', async () => {
    const post = await newPost()
    await put(reader, { type: 'post', id: post.id, value: 4 })
    const before = await totals('posts', post.id)
    // The rating's check refuses 6 after the trigger has run for nothing; the same
    // transaction then cannot leave a changed total behind.
    await expect(
      sql().begin(async (tx) => {
        await tx`update ratings set value = 1 where post_id = ${post.id} and user_id = ${reader.id}`
        await tx`update ratings set value = 6 where post_id = ${post.id} and user_id = ${reader.id}`
      }),
    ).rejects.toThrow(/check constraint|numeric field overflow/)
    expect(await totals('posts', post.id)).toEqual(before)
  })

  it('asks a guest, or an ended session, to sign in (401)', async () => {
    const post = await newPost()
    const guest = await callApi('ratings', { method: 'PUT', body: { type: 'post', id: post.id, value: 3 }, lang: 'en' })
    expect(guest.status).toBe(401)
    expect(guest.body.message).toBe('Please sign in.')
    const expired = await insertUserWithSession({ expired: true })
    expect((await put(expired, { type: 'post', id: post.id, value: 3 })).status).toBe(401)
    expect((await callApi(`ratings?type=post&id=${post.id}`)).status).toBe(401)
    expect(await totals('posts', post.id)).toEqual({ count: 0, sum: 0 })
  })

  it.each([
    [{ type: 'post', id: 1, value: 5.5 }, ['value']],
    [{ type: 'post', id: 1, value: -0.5 }, ['value']],
    [{ type: 'post', id: 1, value: 3.3 }, ['value']],
    [{ type: 'post', id: 1, value: '4' }, ['value']],
    [{ type: 'post', id: 1 }, ['value']],
    [{ type: 'club', id: 1, value: 3 }, ['type']],
    [{ type: 'post', id: -4, value: 3 }, ['id']],
    [{ type: 'post', id: 1.5, value: 3 }, ['id']],
    [{}, ['type', 'id', 'value']],
  ])('refuses %j with a 422 naming %j, in both languages', async (body, fields) => {
    const en = await put(reader, body, 'en')
    const ar = await put(reader, body, 'ar')
    expect(en.status).toBe(422)
    expect(Object.keys(en.body.errors ?? {}).sort()).toEqual([...fields].sort())
    expect(ar.status).toBe(422)
    for (const field of fields) {
      expect(en.body.errors![field]).toMatch(/^Please /)
      expect(ar.body.errors![field]).toMatch(/[\u0600-\u06ff]/)
    }
  })

  it('refuses a body that is not JSON (415) or does not parse (400)', async () => {
    expect((await callApi('ratings', { method: 'PUT', bearer: reader.token, rawBody: 'type=post', contentType: 'text/plain' })).status).toBe(415)
    expect((await callApi('ratings', { method: 'PUT', bearer: reader.token, rawBody: '{"type":' })).status).toBe(400)
  })

  it('answers 404 for an item that does not exist or is a draft', async () => {
    const draft = await newPost('draft')
    for (const body of [
      { type: 'post', id: 987_654_321, value: 3 },
      { type: 'player', id: 987_654_321, value: 3 },
      { type: 'post', id: draft.id, value: 3 },
    ]) {
      const answer = await put(reader, body, 'en')
      expect(answer.status).toBe(404)
      expect(answer.body.message).toBe('There is no such post or player to rate.')
    }
    expect((await callApi('ratings?type=post&id=987654321', { bearer: reader.token })).status).toBe(404)
    expect(await totals('posts', draft.id)).toEqual({ count: 0, sum: 0 })
  })
})

describe('the rating routes of the site (the session from the cookie)', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

  function postWithCookie(path: string, body: string, cookie: string, accept?: string) {
    const headers: Record<string, string> = { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie }
    if (accept) headers.accept = accept
    return fetchPage(path, { method: 'POST', headers, body })
  }

  it('rates from the plain form and returns to the page with a toast', async () => {
    const reader = await insertUserWithSession()
    const post = await newPost()
    const back = `/en/articles/${post.slug}`
    const res = await postWithCookie('/en/ratings', form({ type: 'post', id: String(post.id), value: '3.5', back }), reader.cookie)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${back}#rating`)
    expect(res.headers.get('set-cookie')).toContain('ratingSaved')
    expect(await totals('posts', post.id)).toEqual({ count: 1, sum: 3.5 })

    const removed = await postWithCookie('/en/ratings/remove', form({ type: 'post', id: String(post.id), back }), reader.cookie)
    expect(removed.status).toBe(303)
    expect(await totals('posts', post.id)).toEqual({ count: 0, sum: 0 })
  })

  it('answers the island in JSON, and never sends the token', async () => {
    const reader = await insertUserWithSession()
    const post = await newPost()
    const res = await postWithCookie('/ar/ratings', form({ type: 'post', id: String(post.id), value: '5', back: '/ar' }), reader.cookie, 'application/json')
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).not.toContain(reader.token)
    expect(JSON.parse(text)).toMatchObject({ status: 200, data: { average: 5, count: 1, value: 5 } })

    const own = await fetchPage(`/ar/ratings?type=post&id=${post.id}`, { headers: { cookie: reader.cookie } })
    expect(own.headers.get('cache-control')).toContain('no-store')
    expect(await own.json()).toMatchObject({ data: { signedIn: true, value: 5, average: 5, count: 1 } })
    const guest = await fetchPage(`/ar/ratings?type=post&id=${post.id}`)
    expect(await guest.json()).toMatchObject({ data: { signedIn: false } })
  })

  it('sends a guest to sign in, and back to the rating afterwards', async () => {
    const post = await newPost()
    const back = `/en/articles/${post.slug}`
    const res = await postForm('/en/ratings', form({ type: 'post', id: String(post.id), value: '4', back }))
    expect(res.status).toBe(303)
    const login = new URL(res.headers.get('location')!, ORIGIN)
    expect(login.pathname).toBe('/en/login')
    expect(login.searchParams.get('next')).toBe(`${back}#rating`)
    const json = await fetchPage('/en/ratings', {
      method: 'POST',
      headers: { origin: ORIGIN, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ type: 'post', id: String(post.id), value: '4', back }),
    })
    expect(json.status).toBe(401)
    expect(await json.json()).toMatchObject({ redirect: `/en/login?next=${encodeURIComponent(`${back}#rating`)}` })
  })

  it('goes back only to this site, and says why a value was refused', async () => {
    const reader = await insertUserWithSession()
    const post = await newPost()
    const res = await postWithCookie('/en/ratings', form({ type: 'post', id: String(post.id), value: '9', back: 'https://evil.example/' }), reader.cookie)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en#rating')
    expect(res.headers.get('set-cookie')).toContain('ratingInvalid')
    const json = await postWithCookie('/en/ratings', form({ type: 'post', id: String(post.id), value: 'lots' }), reader.cookie, 'application/json')
    expect(json.status).toBe(422)
    expect((await json.json()) as { errors: Record<string, string> }).toMatchObject({ errors: { value: 'Please choose a rating from 0 to 5 in steps of 0.5.' } })
  })

  it('refuses a cross-site form (CSRF)', async () => {
    const reader = await insertUserWithSession()
    const post = await newPost()
    const res = await fetchPage('/en/ratings', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded', cookie: reader.cookie },
      body: form({ type: 'post', id: String(post.id), value: '5' }),
    })
    expect(res.status).toBe(403)
    expect(await totals('posts', post.id)).toEqual({ count: 0, sum: 0 })
  })
})

describe('pages with ratings', () => {
  it('show a post\'s average and count, the form, and the rating in JSON-LD, from the one statement', async () => {
    const post = await newPost()
    const readers = await Promise.all([insertUserWithSession(), insertUserWithSession()])
    await put(readers[0], { type: 'post', id: post.id, value: 4 })
    await put(readers[1], { type: 'post', id: post.id, value: 3.5 })
    const res = await fetchPage(`/en/articles/${post.slug}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-db-queries')).toBe('1')
    const body = await res.text()
    expect(body).toContain('data-island="rating"')
    expect(body).toMatch(/<strong class="rating-average-value">3.8<\/strong>/)
    expect(body).toContain('2 ratings')
    expect(body).toContain('<form class="rating-form" action="/en/ratings" method="post">')
    expect(body).toContain(`<input type="hidden" name="id" value="${post.id}"/>`)
    expect(body).toContain(`href="/en/login?next=${encodeURIComponent(`/en/articles/${post.slug}#rating`)}"`)
    expect(body).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":3.8,"ratingCount":2')
  })

  it('show a player\'s rating, and say when nobody has rated yet', async () => {
    const player = await newPlayer()
    const empty = await fetchPage(`/en/player/${player}`)
    expect(empty.status).toBe(200)
    expect(empty.headers.get('x-db-queries')).toBe('1')
    const before = await empty.text()
    expect(before).toContain('data-island="rating"')
    expect(before).toContain('No ratings yet')
    await put(await insertUserWithSession(), { type: 'player', id: player, value: 4.5 })
    const rated = await (await fetchPage(`/ar/player/${player}`)).text()
    expect(rated).toContain(`&quot;type&quot;:&quot;player&quot;,&quot;id&quot;:${player},&quot;average&quot;:4.5,&quot;count&quot;:1`)
    expect(rated).toContain('<strong class="rating-average-value">4.5</strong>')
    expect(rated).toContain('action="/ar/ratings"')
  })
})

describe('share links on post pages', () => {
  it('are plain links to every network, opening in a new tab, with the page and its localized text', async () => {
    const post = await newPost()
    const body = await (await fetchPage(`/en/articles/${post.slug}`)).text()
    const links = [...body.matchAll(/<a class="share-link share-(\w+)" href="([^"]+)" target="_blank" rel="noopener noreferrer"/g)]
    expect(links.map((m) => m[1])).toEqual(['facebook', 'x', 'whatsapp', 'telegram', 'linkedin', 'email'])
    const page = `${ORIGIN}/en/articles/${post.slug}`
    const x = new URL(links[1]![2]!.replaceAll('&amp;', '&'))
    expect(x.origin).toBe('https://x.com')
    expect(x.searchParams.get('url')).toBe(page)
    expect(x.searchParams.get('text')).toBe(`Rated ${serial} on Hadaf`)
    expect(links[5]![2]).toBe(`mailto:?subject=${encodeURIComponent(`Rated ${serial} on Hadaf`)}&amp;body=${encodeURIComponent(`Rated ${serial} on Hadaf\n${page}`)}`)
  })

  it('share the Arabic address of the Arabic page, with the Arabic title and site name', async () => {
    const post = await newPost()
    const body = await (await fetchPage(`/ar/articles/${encodeURIComponent(`تقييم-${post.slug}`)}`)).text()
    const facebook = /<a class="share-link share-facebook" href="([^"]+)"/.exec(body)![1]!
    expect(new URL(facebook.replaceAll('&amp;', '&')).searchParams.get('u')).toBe(`${ORIGIN}/ar/articles/${encodeURIComponent(`تقييم-${post.slug}`)}`)
    const telegram = /<a class="share-link share-telegram" href="([^"]+)"/.exec(body)![1]!
    const text = new URL(telegram.replaceAll('&amp;', '&')).searchParams.get('text')!
    expect(text).toContain(`مقيم ${serial}`)
    expect(text).toContain('هدف')
  })
})
