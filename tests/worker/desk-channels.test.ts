// Where to watch (issue 26, section 1; docs/desk-api.md): the channels editors keep and the
// broadcasts they give each match, every call and every refusal, the audit each change
// leaves, and the seed's channels and demo broadcasts.
import { describe, expect, it } from 'vitest'
import { COUNTRY_CODES, countryName } from '../../lib/countries.ts'
import { callApi } from './api-helpers.ts'
import { addChannel, newChannel, ownMatch, ownRound, unique } from './broadcast-fixtures.ts'
import { insertUserWithRole, scopeVersion, sql } from './helpers.ts'

type Channel = {
  id: string
  name: { ar: string; en: string }
  freeToAir: boolean
  countries: string[]
  url: string | null
  reception: { ar?: string; en?: string }
  logo: { id: string; src: string; credit: string; licence: string } | null
}
type Broadcast = { channel: Channel; countries: string[]; commentators: { ar?: string; en?: string }[]; language: string | null }

async function auditOf(action: string, targetId: string | number) {
  return sql()<{ actor_id: string | null; before: unknown; after: unknown }[]>`
    select actor_id::text, before, after from audit_log where action = ${action} and target_id = ${String(targetId)} order by id`
}

describe('channels at the desk', () => {
  it('lets an editor add a channel, with its countries as codes, once each, and audits it', async () => {
    const editor = await insertUserWithRole('editor')
    const body = newChannel()
    const id = await addChannel(editor, body)
    const { res, body: read } = await callApi<Channel>(`desk/channels/${id}`, { bearer: editor.token })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(read.data).toMatchObject({ name: body.name, freeToAir: true, countries: ['AE', 'EG', 'SA'], url: body.url, reception: body.reception, logo: null })
    const [entry] = await auditOf('channel.create', id)
    expect(entry).toMatchObject({ actor_id: editor.id, before: null, after: { name: body.name, countries: ['AE', 'EG', 'SA'], logo: null } })
  })

  it('lists channels by name in either language and by a country they air in', async () => {
    const editor = await insertUserWithRole('editor')
    const body = newChannel({ countries: ['KM'] })
    const id = await addChannel(editor, body)
    const byArabic = await callApi<Channel[]>(`desk/channels?q=${encodeURIComponent(body.name.ar)}`, { bearer: editor.token })
    expect(byArabic.body.data!.map((c) => c.id)).toEqual([id])
    const inComoros = await callApi<Channel[]>('desk/channels?country=km', { bearer: editor.token })
    expect(inComoros.body.data!.map((c) => c.id)).toContain(id)
    expect(inComoros.body.data!.every((c) => c.countries.includes('KM'))).toBe(true)
    expect((await callApi('desk/channels?country=XX', { bearer: editor.token })).status).toBe(422)
  })

  it('corrects a channel field by field, takes a text away with null, and audits only a real change', async () => {
    const editor = await insertUserWithRole('editor')
    const id = await addChannel(editor)
    const [image] = await sql()<{ id: string }[]>`
      insert into media (kind, storage_key, mime, bytes, width, height, credit, licence, alt)
      values ('image', ${`library/${crypto.randomUUID()}.png`}, 'image/png', 2048, 200, 200, 'Stadium TV press office', 'permission',
        ${sql().json({ ar: 'شعار القناة', en: 'The channel’s logo' })})
      returning id::text`
    const patched = await callApi<Channel>(`desk/channels/${id}`, {
      method: 'PATCH',
      body: { name: { en: `Stadium Sports ${unique()}` }, free_to_air: false, reception: { ar: null }, url: null, logo: Number(image!.id) },
      bearer: editor.token,
    })
    expect(patched.status).toBe(200)
    expect(patched.body.data).toMatchObject({ freeToAir: false, url: null, reception: { en: 'Nilesat' } })
    expect(patched.body.data!.reception).not.toHaveProperty('ar')
    expect(patched.body.data!.logo).toMatchObject({ id: image!.id, credit: 'Stadium TV press office', licence: 'permission' })
    expect(patched.body.data!.logo!.src).toMatch(/^\/media\/library\//)
    const again = await callApi(`desk/channels/${id}`, { method: 'PATCH', body: { free_to_air: false }, bearer: editor.token })
    expect(again.status).toBe(200)
    const updates = await auditOf('channel.update', id)
    expect(updates).toHaveLength(1)
    expect(updates[0]).toMatchObject({ actor_id: editor.id, before: { freeToAir: true, logo: null }, after: { freeToAir: false, logo: image!.id } })
  })

  it('refuses strangers, readers and contributors', async () => {
    expect((await callApi('desk/channels', { body: newChannel() })).status).toBe(401)
    for (const role of ['reader', 'contributor'] as const) {
      const user = await insertUserWithRole(role)
      expect((await callApi('desk/channels', { body: newChannel(), bearer: user.token })).status).toBe(403)
      expect((await callApi('desk/channels', { bearer: user.token })).status).toBe(403)
    }
  })

  it('answers bad channels with a 422 naming each field, in the caller’s language', async () => {
    const editor = await insertUserWithRole('editor')
    const bad = await callApi('desk/channels', { body: { name: { ar: 7 }, free_to_air: 'yes', countries: ['EG', 'XX'] }, bearer: editor.token, lang: 'ar' })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors!)).toEqual(expect.arrayContaining(['name.ar', 'name.en', 'free_to_air', 'countries.1']))
    expect(bad.body.message).toMatch(/[\u0600-\u06FF]/)
    const country = await callApi('desk/channels', { body: newChannel({ countries: ['UK'] }), bearer: editor.token, lang: 'en' })
    expect(country.body.errors!['countries.0']).toBe('Please use two-letter country codes (ISO 3166-1), such as EG or SA.')
    expect((await callApi('desk/channels', { body: newChannel({ countries: [] }), bearer: editor.token })).body.errors).toHaveProperty('countries')
    const insecure = await callApi('desk/channels', { body: newChannel({ url: 'http://stadium.example' }), bearer: editor.token })
    expect(insecure.body.errors).toHaveProperty('url')
    const noLogo = await callApi('desk/channels', { body: newChannel({ logo: 999_999_999 }), bearer: editor.token })
    expect(noLogo.status).toBe(422)
    expect(noLogo.body.errors).toHaveProperty('logo')
    expect((await callApi('desk/channels', { rawBody: '{"name":', bearer: editor.token })).status).toBe(400)
    expect((await callApi('desk/channels', { rawBody: 'name=x', contentType: 'application/x-www-form-urlencoded', bearer: editor.token })).status).toBe(415)
  })

  it('refuses HTML in a name, and text Postgres cannot store, naming the field', async () => {
    const editor = await insertUserWithRole('editor')
    const html = await callApi('desk/channels', { body: newChannel({ name: { ar: 'قناة', en: '<b>Stadium</b> TV' } }), bearer: editor.token, lang: 'ar' })
    expect(html.status).toBe(422)
    expect(html.body.errors!['name.en']).toMatch(/[\u0600-\u06FF]/)
    expect(await sql()`select 1 from channels where name ->> 'en' like '%<b>%'`).toHaveLength(0)
    const nul = await callApi('desk/channels', { rawBody: JSON.stringify(newChannel()).replace('Nilesat', 'Nile\\u0000sat'), bearer: editor.token })
    expect(nul.status).toBe(422)
    expect(nul.body.errors).toHaveProperty(['reception.en'])
    const surrogate = await callApi('desk/channels', { rawBody: JSON.stringify(newChannel()).replace('Stadium TV', 'Stadium \\ud800TV'), bearer: editor.token })
    expect(surrogate.status).toBe(422)
    expect(surrogate.body.errors).toHaveProperty(['name.en'])
  })

  it('keeps one channel per name, unknown channels unknown, and a patch with something in it', async () => {
    const editor = await insertUserWithRole('editor')
    const body = newChannel()
    const id = await addChannel(editor, body)
    const twin = await callApi('desk/channels', { body: newChannel({ name: { ar: `أخرى ${unique()}`, en: body.name.en.toUpperCase() } }), bearer: editor.token })
    expect(twin.status).toBe(422)
    expect(twin.body.errors).toHaveProperty(['name.en'])
    const other = await addChannel(editor)
    const renamed = await callApi(`desk/channels/${other}`, { method: 'PATCH', body: { name: { ar: body.name.ar } }, bearer: editor.token })
    expect(renamed.body.errors).toHaveProperty(['name.ar'])
    expect((await callApi(`desk/channels/${id}`, { method: 'PATCH', body: {}, bearer: editor.token })).body.errors).toHaveProperty('body')
    expect((await callApi('desk/channels/999999999', { method: 'PATCH', body: { free_to_air: true }, bearer: editor.token })).status).toBe(404)
    expect((await callApi('desk/channels/999999999', { bearer: editor.token })).status).toBe(404)
    expect((await callApi('desk/channels/abc', { bearer: editor.token })).status).toBe(404)
  })
})

describe('a match’s broadcasts', () => {
  it('replaces a match’s list in the order given, audits it, and renews the match’s pages', async () => {
    const editor = await insertUserWithRole('editor')
    const [first, second] = [await addChannel(editor), await addChannel(editor)]
    const match = await ownMatch()
    expect((await callApi<Broadcast[]>(`desk/matches/${match}/broadcasts`, { bearer: editor.token })).body.data).toEqual([])
    const version = await scopeVersion(`match:${match}`)
    const list = [
      { channel_id: Number(second), countries: ['eg'], commentators: [{ ar: 'معلّق أول', en: 'First Voice' }], language: 'ar' },
      { channel_id: first, countries: ['SA', 'AE', 'SA'], commentators: [{ en: 'Only English' }], language: 'en' },
    ]
    const put = await callApi<Broadcast[]>(`desk/matches/${match}/broadcasts`, { method: 'PUT', body: list, bearer: editor.token })
    expect(put.status).toBe(200)
    expect(put.body.data!.map((b) => [b.channel.id, b.countries, b.language])).toEqual([
      [second, ['EG'], 'ar'],
      [first, ['AE', 'SA'], 'en'],
    ])
    expect(put.body.data![1]!.commentators).toEqual([{ en: 'Only English' }])
    expect(await scopeVersion(`match:${match}`)).toBeGreaterThan(version)
    const read = await callApi<Broadcast[]>(`desk/matches/${match}/broadcasts`, { bearer: editor.token })
    expect(read.body.data).toEqual(put.body.data)

    const [entry] = await auditOf('match.broadcasts', match)
    expect(entry).toMatchObject({ actor_id: editor.id, before: [], after: [{ channelId: Number(second), countries: ['EG'] }, { channelId: Number(first) }] })

    const shorter = await callApi<Broadcast[]>(`desk/matches/${match}/broadcasts`, { method: 'PUT', body: [{ channel_id: first, countries: ['QA'] }], bearer: editor.token })
    expect(shorter.body.data).toEqual([expect.objectContaining({ countries: ['QA'], commentators: [], language: null })])
    const cleared = await callApi<Broadcast[]>(`desk/matches/${match}/broadcasts`, { method: 'PUT', body: [], bearer: editor.token })
    expect(cleared.body.data).toEqual([])
    expect(await auditOf('match.broadcasts', match)).toHaveLength(3)
  })

  it('writes and audits nothing when the list sent is the list kept', async () => {
    const editor = await insertUserWithRole('editor')
    const channel = await addChannel(editor)
    const match = await ownMatch()
    const list = [{ channel_id: channel, countries: ['MA'], commentators: [{ en: 'Same Voice', ar: 'الصوت نفسه' }], language: 'fr' }]
    await callApi(`desk/matches/${match}/broadcasts`, { method: 'PUT', body: list, bearer: editor.token })
    const version = await scopeVersion(`match:${match}`)
    const again = await callApi(`desk/matches/${match}/broadcasts`, { method: 'PUT', body: list, bearer: editor.token })
    expect(again.status).toBe(200)
    expect(await auditOf('match.broadcasts', match)).toHaveLength(1)
    expect(await scopeVersion(`match:${match}`)).toBe(version)
  })

  it('answers 404 for a match that does not exist, and refuses all but editors', async () => {
    const editor = await insertUserWithRole('editor')
    const channel = await addChannel(editor)
    const body = [{ channel_id: channel, countries: ['EG'] }]
    expect((await callApi('desk/matches/999999999/broadcasts', { method: 'PUT', body, bearer: editor.token })).status).toBe(404)
    expect((await callApi('desk/matches/999999999/broadcasts', { bearer: editor.token })).status).toBe(404)
    const match = await ownMatch()
    expect((await callApi(`desk/matches/${match}/broadcasts`, { method: 'PUT', body })).status).toBe(401)
    const contributor = await insertUserWithRole('contributor')
    expect((await callApi(`desk/matches/${match}/broadcasts`, { method: 'PUT', body, bearer: contributor.token })).status).toBe(403)
    expect(await auditOf('match.broadcasts', match)).toHaveLength(0)
  })

  it('refuses a bad list with a 422 naming the entry and field, keeping the list as it was', async () => {
    const editor = await insertUserWithRole('editor')
    const channel = await addChannel(editor)
    const match = await ownMatch()
    const put = (body: unknown, lang = 'en') => callApi(`desk/matches/${match}/broadcasts`, { method: 'PUT', body, bearer: editor.token, lang })
    expect((await put([{ channel_id: channel, countries: ['EG'] }])).status).toBe(200)

    const unknownChannel = await put([{ channel_id: channel, countries: ['EG'] }, { channel_id: 999_999_999, countries: ['EG'] }], 'ar')
    expect(unknownChannel.status).toBe(422)
    expect(Object.keys(unknownChannel.body.errors!)).toEqual(['1.channel_id'])
    expect(unknownChannel.body.errors!['1.channel_id']).toMatch(/[\u0600-\u06FF]/)
    expect((await put([{ channel_id: channel, countries: ['EG', 'ZZ'] }])).body.errors).toHaveProperty(['0.countries.1'])
    expect((await put([{ channel_id: channel, countries: [] }])).body.errors).toHaveProperty(['0.countries'])
    const twice = await put([{ channel_id: channel, countries: ['EG'] }, { channel_id: String(channel), countries: ['SA'] }])
    expect(twice.body.errors).toHaveProperty(['1.channel_id'])
    const many = await put(Array.from({ length: 500 }, () => ({ channel_id: channel, countries: ['EG'] })))
    expect(many.status).toBe(422)
    expect(many.body.errors).toEqual({ body: 'Please send at most 50.' })
    expect((await put({ channel_id: channel, countries: ['EG'] })).body.errors).toEqual({ body: 'Please send a list.' })
    expect((await put([{ channel_id: channel, countries: ['EG'], language: 'xx' }])).body.errors).toHaveProperty(['0.language'])
    expect((await put([{ channel_id: 'abc', countries: ['EG'] }])).body.errors).toHaveProperty(['0.channel_id'])
    expect((await put([{ channel_id: channel, countries: ['EG'], commentators: [{}] }])).body.errors).toHaveProperty(['0.commentators.0'])
    const voices = Array.from({ length: 6 }, (_, n) => ({ en: `Voice ${n}` }))
    expect((await put([{ channel_id: channel, countries: ['EG'], commentators: voices }])).body.errors).toHaveProperty(['0.commentators'])
    const html = await put([{ channel_id: channel, countries: ['EG'], commentators: [{ en: '<script>alert(1)</script>' }] }])
    expect(html.body.errors).toHaveProperty(['0.commentators.0.en'])
    const raw = (text: string) => callApi(`desk/matches/${match}/broadcasts`, { method: 'PUT', rawBody: text, bearer: editor.token })
    const nul = await raw(`[{"channel_id":${channel},"countries":["EG"],"commentators":[{"en":"A\\u0000B"}]}]`)
    expect(nul.status).toBe(422)
    expect(nul.body.errors).toHaveProperty(['0.commentators.0.en'])
    const surrogate = await raw(`[{"channel_id":${channel},"countries":["EG"],"commentators":[{"ar":"\\udc00"}]}]`)
    expect(surrogate.status).toBe(422)
    expect(surrogate.body.errors).toHaveProperty(['0.commentators.0.ar'])

    const kept = await callApi<Broadcast[]>(`desk/matches/${match}/broadcasts`, { bearer: editor.token })
    expect(kept.body.data!.map((b) => [b.channel.id, b.countries])).toEqual([[channel, ['EG']]])
    expect(await auditOf('match.broadcasts', match)).toHaveLength(1)
  })

  it('keeps a channel that carries a match from being deleted under it', async () => {
    const editor = await insertUserWithRole('editor')
    const channel = await addChannel(editor)
    const match = await ownMatch()
    await callApi(`desk/matches/${match}/broadcasts`, { method: 'PUT', body: [{ channel_id: channel, countries: ['EG'] }], bearer: editor.token })
    await expect(sql()`delete from channels where id = ${channel}`).rejects.toThrow(/foreign key/)
    await sql()`delete from matches where id = ${match}`
    expect(await sql()`select 1 from broadcasts where channel_id = ${channel}`).toHaveLength(0)
  })
})

describe('the seed’s channels', () => {
  // What the loader writes is tested in tests/unit/content.test.ts; here, that the desk reads it.
  it('are the desk’s to read, and never put a broadcast on a real match', async () => {
    const editor = await insertUserWithRole('editor')
    const channels = await callApi<Channel[]>('desk/channels?q=beIN', { bearer: editor.token })
    expect(channels.body.data![0]).toMatchObject({ name: { en: 'beIN SPORTS', ar: 'بي إن سبورتس' }, freeToAir: false })
    expect(channels.body.data![0]!.countries).toEqual(expect.arrayContaining(['EG', 'SA', 'MA', 'QA']))
    const moroccan = await callApi<Channel[]>('desk/channels?country=MA', { bearer: editor.token })
    expect(moroccan.body.data!.find((c) => c.name.en === 'Arryadia')).toMatchObject({ freeToAir: true, countries: ['MA'] })
    const onReal = await sql()`
      select 1 from broadcasts b join matches m on m.id = b.match_id join channels c on c.id = b.channel_id
      where not m.demo and c.source_key like 'seed:%'`
    expect(onReal).toHaveLength(0)
  })
})

describe('country names in workerd', () => {
  it('names every code in both languages, the Arab League as in Node', () => {
    for (const code of COUNTRY_CODES) {
      expect(countryName(code, 'en'), code).not.toBe(code)
      expect(countryName(code, 'ar'), code).toMatch(/[\u0600-\u06FF]/)
    }
    expect([countryName('PS', 'en'), countryName('PS', 'ar'), countryName('SA', 'ar')]).toEqual(['Palestine', 'فلسطين', 'السعودية'])
  })
})

describe('a round’s broadcasts', () => {
  it('lists a season’s rounds and a round’s matches with where to watch them', async () => {
    const editor = await insertUserWithRole('editor')
    const { season, round, matches } = await ownRound(2)
    const rounds = await callApi<{ name: string; matches: number }[]>(`desk/seasons/${season}/rounds`, { bearer: editor.token })
    expect(rounds.body.data!.map((r) => [r.name, r.matches])).toEqual([
      ['Matchday 7', 2],
      ['Matchday 8', 1],
    ])
    const listed = await callApi<{ match: { id: number }; broadcasts: Broadcast[] }[]>(`desk/seasons/${season}/broadcasts?round=${encodeURIComponent(round)}`, { bearer: editor.token })
    expect(listed.body.data!.map((m) => [m.match.id, m.broadcasts])).toEqual(matches.map((id) => [id, []]))
    expect((await callApi('desk/seasons/999999999/rounds', { bearer: editor.token })).status).toBe(404)
    expect((await callApi(`desk/seasons/${season}/broadcasts`, { bearer: editor.token })).status).toBe(422)
  })

  it('puts one channel on every match of a round, keeping what each match has, audited per match', async () => {
    const editor = await insertUserWithRole('editor')
    const [first, second] = [await addChannel(editor), await addChannel(editor, newChannel({ countries: ['QA', 'OM'] }))]
    const { season, round, matches } = await ownRound(3)
    await callApi(`desk/matches/${matches[0]}/broadcasts`, {
      method: 'PUT',
      body: [{ channel_id: second, countries: ['QA'], commentators: [{ en: 'Kept Voice' }], language: 'en' }],
      bearer: editor.token,
    })
    const copy = (body: Record<string, unknown>) => callApi<{ matches: number; changed: number }>(`desk/seasons/${season}/broadcasts`, { body, bearer: editor.token })
    const added = await copy({ round, channel_id: first, language: 'ar' })
    expect(added.body.data).toEqual({ matches: 3, changed: 3 })
    const moved = await copy({ round, channel_id: second, countries: ['OM'], language: 'ar' })
    expect(moved.body.data).toEqual({ matches: 3, changed: 3 })
    expect((await copy({ round, channel_id: second, countries: ['OM'], language: 'ar' })).body.data).toEqual({ matches: 3, changed: 0 })

    const [kept] = (await callApi<Broadcast[]>(`desk/matches/${matches[0]}/broadcasts`, { bearer: editor.token })).body.data!.filter((b) => b.channel.id === second)
    expect(kept).toMatchObject({ countries: ['OM'], language: 'ar', commentators: [{ en: 'Kept Voice' }] })
    const last = (await callApi<Broadcast[]>(`desk/matches/${matches[2]}/broadcasts`, { bearer: editor.token })).body.data!
    expect(last.map((b) => [b.channel.id, b.countries, b.commentators])).toEqual([
      [first, ['AE', 'EG', 'SA'], []],
      [second, ['OM'], []],
    ])
    expect(await auditOf('match.broadcasts', matches[1]!)).toHaveLength(2)
    // The other round's match is left alone.
    const [other] = await sql()<{ n: number }[]>`
      select count(*)::int as n from broadcasts b join matches m on m.id = b.match_id where m.season_id = ${season} and m.round = 'Matchday 8'`
    expect(other!.n).toBe(0)
  })

  it('refuses an unknown season, round or channel, and all but editors', async () => {
    const editor = await insertUserWithRole('editor')
    const channel = await addChannel(editor)
    const { season, round } = await ownRound(1)
    const copy = (path: string, body: Record<string, unknown>, token = editor.token) => callApi(path, { body, bearer: token })
    expect((await copy('desk/seasons/999999999/broadcasts', { round, channel_id: channel })).status).toBe(404)
    expect((await copy(`desk/seasons/${season}/broadcasts`, { round: 'Matchday 99', channel_id: channel })).body.errors).toHaveProperty('round')
    expect((await copy(`desk/seasons/${season}/broadcasts`, { round, channel_id: 999_999_999 })).body.errors).toHaveProperty('channel_id')
    expect((await copy(`desk/seasons/${season}/broadcasts`, { round, channel_id: channel, countries: ['XX'] })).body.errors).toHaveProperty(['countries.0'])
    const contributor = await insertUserWithRole('contributor')
    expect((await copy(`desk/seasons/${season}/broadcasts`, { round, channel_id: channel }, contributor.token)).status).toBe(403)
  })
})
