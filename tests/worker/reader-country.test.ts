// The reader's country and time (issue 26, section 2; decision 122): the match page's where to
// watch puts the reader's country first, from the profile, the picker's cookie or Cloudflare;
// such a page is kept per country at the edge and every other page once for all; the kick-off
// shows in the zones Arab readers compare, as the runtime's tz database has them.
import { describe, expect, it } from 'vitest'
import { addChannel, newChannel, ownMatch, unique } from './broadcast-fixtures.ts'
import { callApi } from './api-helpers.ts'
import { insertUserWithRole, insertUserWithSession, postForm, sql, unseenPath } from './helpers.ts'
import { fetchWith } from './stand-in.ts'

type Visit = { cf?: { country?: string }; cookie?: string; settings?: Partial<Env> }

async function visit(path: string, { cf, cookie, settings = {} }: Visit = {}) {
  const init: RequestInit & { cf?: Record<string, unknown> } = { headers: cookie ? { cookie } : {} }
  if (cf) init.cf = cf
  const res = await fetchWith(settings, path, init)
  return { res, body: await res.text(), cache: res.headers.get('x-cache') }
}

/** A match of its own shown in Egypt on one channel (with its commentator) and in Morocco on another. */
async function matchOnTwoChannels() {
  const editor = await insertUserWithRole('editor')
  const tag = unique()
  const egypt = await addChannel(editor, newChannel({ name: { ar: `أون سبورت ${tag}`, en: `ON Sport ${tag}` }, countries: ['EG'], free_to_air: false }))
  const morocco = await addChannel(editor, newChannel({ name: { ar: `الرياضية ${tag}`, en: `Arryadia ${tag}` }, countries: ['MA'], reception: { en: 'Nilesat 7°W' } }))
  const match = await ownMatch()
  const put = await callApi(`desk/matches/${match}/broadcasts`, {
    method: 'PUT',
    bearer: editor.token,
    body: [
      { channel_id: Number(egypt), countries: ['EG'], commentators: [{ ar: 'مدحت شلبي', en: 'Medhat Shalaby' }], language: 'ar' },
      { channel_id: Number(morocco), countries: ['MA'], commentators: [{ ar: 'جواد بادة' }], language: 'ar' },
    ],
  })
  expect(put.status).toBe(200)
  return { match, egypt: `ON Sport ${tag}`, morocco: `Arryadia ${tag}` }
}

/** The part of the page under "Where to watch", up to the first folded country: the reader's own. */
function firstShown(body: string): string {
  const start = body.indexOf('id="watch-title"')
  expect(start).toBeGreaterThan(0)
  return body.slice(start, body.indexOf('<details', start))
}

describe("where to watch, by the reader's country", () => {
  it('shows a reader in Cairo the Egyptian channel and its commentator first, and one in Rabat the Moroccan one', async () => {
    const { match, egypt, morocco } = await matchOnTwoChannels()
    const cairo = firstShown((await visit(unseenPath(`/en/matches/${match}`), { cf: { country: 'EG' } })).body)
    expect(cairo).toContain('In Egypt')
    expect(cairo).toContain(egypt)
    expect(cairo).toContain('<bdi>Medhat Shalaby</bdi>')
    expect(cairo).not.toContain(morocco)
    const rabat = firstShown((await visit(unseenPath(`/ar/matches/${match}`), { cf: { country: 'MA' } })).body)
    expect(rabat).toContain('في المغرب')
    expect(rabat).toContain(`الرياضية`)
    expect(rabat).toContain('<bdi>جواد بادة</bdi>')
    expect(rabat).not.toContain('أون سبورت')
  })

  it("takes the picker's cookie over Cloudflare, and the profile over both", async () => {
    const { match, egypt, morocco } = await matchOnTwoChannels()
    expect(firstShown((await visit(unseenPath(`/en/matches/${match}`), { cf: { country: 'EG' }, cookie: 'country=MA' })).body)).toContain(morocco)
    const reader = await insertUserWithSession()
    await sql()`update users set country = 'EG' where id = ${reader.id}`
    expect(firstShown((await visit(unseenPath(`/en/matches/${match}`), { cf: { country: 'MA' }, cookie: `${reader.cookie}; country=MA` })).body)).toContain(egypt)
  })

  it("takes a local run's country over miniflare's stand-in, and never in production", async () => {
    const { match, morocco, egypt } = await matchOnTwoChannels()
    const local = await visit(unseenPath(`/en/matches/${match}`), { cf: { country: 'US' }, settings: { LOCAL_COUNTRY: 'ma' } })
    expect(firstShown(local.body)).toContain(morocco)
    const production = { APP_ENV: 'production', SITE_URL: 'https://hadaf.example', LOCAL_COUNTRY: 'MA' }
    const deployed = await visit(unseenPath(`/en/matches/${match}`), { cf: { country: 'EG' }, settings: production })
    expect(firstShown(deployed.body)).toContain(egypt)
  })

  it('lists every country folded when nothing says where the reader is, and says when nothing is announced', async () => {
    const { match } = await matchOnTwoChannels()
    const { body } = await visit(unseenPath(`/en/matches/${match}`), { cf: { country: 'T1' } })
    expect(body).toMatch(/<details class="watch-other"><summary>Egypt<\/summary>/)
    expect(body).toMatch(/<details class="watch-other"><summary>Morocco<\/summary>/)
    const bare = await visit(unseenPath(`/en/matches/${await ownMatch()}`))
    expect(bare.body).toContain('Not announced yet.')
  })
})

describe('the edge cache and the country', () => {
  it('keeps a page with broadcasts per country: a second country is a MISS, the same country a HIT, private downstream', async () => {
    const { match, egypt, morocco } = await matchOnTwoChannels()
    const path = unseenPath(`/en/matches/${match}`)
    const first = await visit(path, { cf: { country: 'EG' } })
    expect(first.cache).toBe('MISS')
    // Where to watch comes in the match page's one statement.
    expect(first.res.headers.get('x-db-queries')).toBe('1')
    const again = await visit(path, { cf: { country: 'EG' } })
    expect(again.cache).toBe('HIT')
    expect(again.res.headers.get('cache-control')).toBe('private, max-age=0')
    expect(firstShown(again.body)).toContain(egypt)
    const rabat = await visit(path, { cf: { country: 'MA' } })
    expect(rabat.cache).toBe('MISS')
    expect(firstShown(rabat.body)).toContain(morocco)
    const rabatAgain = await visit(path, { cf: { country: 'EG' }, cookie: 'country=MA' })
    expect(rabatAgain.cache).toBe('HIT')
    expect(firstShown(rabatAgain.body)).toContain(morocco)
  })

  it('keeps a page without broadcasts once for every country, as before', async () => {
    const path = unseenPath(`/en/matches/${await ownMatch()}`)
    const cairo = await visit(path, { cf: { country: 'EG' } })
    expect(cairo.cache).toBe('MISS')
    expect(cairo.res.headers.get('cache-control')).toContain('public')
    const rabat = await visit(path, { cf: { country: 'MA' } })
    expect(rabat.cache).toBe('HIT')
    expect(rabat.body.replace(/nonce="[^"]*"/g, '')).toBe(cairo.body.replace(/nonce="[^"]*"/g, ''))
  })
})

describe('the country picker', () => {
  it("is a page of its own, linked from every page's header, that names the reader's country and is kept by no cache", async () => {
    const news = await visit(unseenPath('/ar/news'), { cf: { country: 'EG' } })
    // A page kept for everyone links to the picker without naming a country, and carries no list of countries.
    expect(news.body).toMatch(/<a class="header-action" href="\/ar\/country\?next=%2Far%2Fnews[^"]*" aria-label="الدولة">/)
    expect(news.body).not.toContain('<select')
    const page = await visit('/ar/country?next=%2Far%2Fnews', { cf: { country: 'EG' } })
    expect(page.res.status).toBe(200)
    expect(page.res.headers.get('cache-control')).toBe('private, no-store')
    expect(page.body).toContain('<input type="hidden" name="next" value="/ar/news"/>')
    expect(page.body).toMatch(/<option value="EG" selected="">مصر<\/option>/)
    // All 249 codes and "where I am".
    expect(page.body.match(/<option value="[A-Z]{2}"/g)).toHaveLength(249)
    const offSite = await visit('/en/country?next=https%3A%2F%2Fevil.example%2F')
    expect(offSite.body).toContain('<input type="hidden" name="next" value="/en"/>')
  })

  it("offers on the match page the Arab League's countries and the match's own, with a way to all of them", async () => {
    const editor = await insertUserWithRole('editor')
    const tag = unique()
    const france = await addChannel(editor, newChannel({ name: { ar: `قناة ${tag}`, en: `Canal ${tag}` }, countries: ['FR', 'EG'] }))
    const match = await ownMatch()
    expect((await callApi(`desk/matches/${match}/broadcasts`, { method: 'PUT', bearer: editor.token, body: [{ channel_id: Number(france), countries: ['FR', 'EG'] }] })).status).toBe(200)
    const { body } = await visit(unseenPath(`/en/matches/${match}`), { cf: { country: 'BR' } })
    const codes = (body.match(/<option value="([A-Z]{2})"/g) ?? []).map((option) => option.slice(15, 17))
    expect(codes).toHaveLength(22 + 2)
    expect(codes).toEqual(expect.arrayContaining(['EG', 'MA', 'FR', 'BR']))
    expect(body).toContain(`href="/en/country?next=%2Fen%2Fmatches%2F${match}`)
  })

  it('keeps the choice in a cookie for 30 days and goes back to the page, without JavaScript', async () => {
    const res = await postForm('/en/country', new URLSearchParams({ country: 'ma', next: '/en/matches' }).toString())
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en/matches')
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^country=MA;/)
    expect(cookie).toContain('Max-Age=2592000')
    expect(cookie).toContain('Path=/')
    expect(cookie).toContain('SameSite=Lax')
  })

  it('forgets the choice for "where I am", and never sends the reader off the site', async () => {
    const res = await postForm('/ar/country', new URLSearchParams({ country: 'auto', next: 'https://evil.example/' }).toString())
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/ar')
    expect(res.headers.get('set-cookie')).toMatch(/^country=; Max-Age=0/)
  })

  it.each([
    ['en', 'Please choose a country from the list.'],
    ['ar', 'يُرجى اختيار دولة من القائمة.'],
  ])('answers an unknown code with a 422 in %s, never a 500', async (lang, words) => {
    for (const country of ['XX', '', 'Egypt']) {
      const res = await postForm(`/${lang}/country`, new URLSearchParams({ country, next: `/${lang}` }).toString())
      expect(res.status).toBe(422)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(await res.text()).toContain(`<h1 class="page-title">${words}</h1>`)
    }
  })

  it("keeps a signed-in reader's choice in the profile too", async () => {
    const reader = await insertUserWithSession()
    const res = await fetchWith({}, '/en/country', {
      method: 'POST',
      headers: { origin: 'http://localhost', cookie: reader.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'country=EG&next=%2Fen',
    })
    expect(res.status).toBe(303)
    const [row] = await sql()<{ country: string }[]>`select country from users where id = ${reader.id}`
    expect(row!.country).toBe('EG')
  })
})

/** A match of its own kicking off at `iso`, its time known. */
async function matchAt(iso: string): Promise<number> {
  const [row] = await sql()<{ id: number }[]>`
    insert into matches (season_id, kickoff, kickoff_time_known, home_club_id, away_club_id, status, source_key)
    select m.season_id, ${iso}, true, m.home_club_id, m.away_club_id, 'scheduled', ${`test:times:${unique()}`}
    from matches m where not m.demo order by m.id limit 1
    returning id::int`
  return row!.id
}

/** The <time> the match page gives `city` in the list of Arab capitals. */
async function capitalTime(iso: string, city: string, lang = 'en'): Promise<string | undefined> {
  const { body } = await visit(unseenPath(`/${lang}/matches/${await matchAt(iso)}`))
  return new RegExp(`<bdi>${city}</bdi> (<time dateTime="[^"]+">[^<]+</time>)`).exec(body)?.[1]
}

describe('kick-off in the Arab capitals', () => {
  // Egypt keeps summer time again since 2023 (UTC+3 from the last Friday of April to the last
  // Thursday of October); Saudi Arabia stays at UTC+3 all year (tz database, `asia` and `africa`).
  it('gives Cairo and Mecca their own offsets in January and in August', async () => {
    expect(await capitalTime('2026-01-10T16:00:00Z', 'Cairo')).toBe('<time dateTime="2026-01-10T18:00+02:00">18:00</time>')
    expect(await capitalTime('2026-01-10T16:00:00Z', 'Mecca')).toBe('<time dateTime="2026-01-10T19:00+03:00">19:00</time>')
    expect(await capitalTime('2026-08-15T16:00:00Z', 'Cairo')).toBe('<time dateTime="2026-08-15T19:00+03:00">19:00</time>')
    expect(await capitalTime('2026-08-15T16:00:00Z', 'مكة المكرمة', 'ar')).toBe('<time dateTime="2026-08-15T19:00+03:00">19:00</time>')
  })

  // Morocco was at UTC+1 but during Ramadan, when it went back to UTC+0: in 2026 from 15
  // February 03:00 to 22 March 02:00 local time (tz database, `africa`, Rule Morocco). Since
  // 2026-09-20 it is at UTC+0 for good (tz 2026c), which this runtime's database must know.
  it('gives Rabat UTC+0 in Ramadan 2026 and UTC+1 either side of it, then UTC+0 from 20 September 2026', async () => {
    expect(await capitalTime('2026-03-01T20:00:00Z', 'Rabat')).toBe('<time dateTime="2026-03-01T20:00+00:00">20:00</time>')
    expect(await capitalTime('2026-02-10T20:00:00Z', 'Rabat')).toBe('<time dateTime="2026-02-10T21:00+01:00">21:00</time>')
    expect(await capitalTime('2026-04-10T20:00:00Z', 'الرباط', 'ar')).toBe('<time dateTime="2026-04-10T21:00+01:00">21:00</time>')
    expect(await capitalTime('2026-12-01T20:00:00Z', 'Rabat')).toBe('<time dateTime="2026-12-01T20:00+00:00">20:00</time>')
  })
})
