// Where to watch at the desk as a browser uses it, in both languages and without JavaScript:
// the channels screen and its form, a match's where-to-watch form, and a round's screen that
// puts one channel on every match. A form answers a 303 with a toast, or the screen again
// with the API's words on the field.
import { describe, expect, it } from 'vitest'
import { addChannel, newChannel, ownMatch, ownRound, unique } from './broadcast-fixtures.ts'
import { sql } from './helpers.ts'
import { deskVisitor, pageText } from './visitor.ts'

type Stored = { channel_id: string; countries: string[]; commentators: { ar?: string; en?: string }[]; language: string | null }

async function broadcastsOf(match: number): Promise<Stored[]> {
  return sql()<Stored[]>`
    select channel_id::text, to_jsonb(countries) as countries, commentators, language from broadcasts where match_id = ${match} order by list_order`
}

describe('the where-to-watch screens', () => {
  it.each(['ar', 'en'] as const)('render for an editor in %s', async (lang) => {
    const { user, visitor } = await deskVisitor('editor')
    const channel = await addChannel(user)
    const match = await ownMatch()
    const { season, round } = await ownRound(2)
    const paths = ['channels', 'channels/new', `channels/${channel}`, `matches/${match}/broadcasts`, `rounds?season_id=${season}&round=${encodeURIComponent(round)}`]
    for (const path of paths) expect(await pageText(visitor, `/${lang}/desk/${path}`)).toContain(`lang="${lang}"`)
    const list = await pageText(visitor, `/${lang}/desk/channels?q=beIN`)
    expect(list).toContain(lang === 'ar' ? 'بي إن سبورتس' : 'beIN SPORTS')
    // Countries are named in the desk's language.
    expect(list).toContain(lang === 'ar' ? 'المغرب' : 'Morocco')
    const console = await pageText(visitor, `/${lang}/desk/matches/${match}`)
    expect(console).toContain(`href="/${lang}/desk/matches/${match}/broadcasts"`)
  })

  it('refuses a contributor with the 403 page, and an unknown channel or match with the 404 page', async () => {
    const { visitor } = await deskVisitor('contributor')
    for (const path of ['channels', 'channels/new', 'rounds']) await pageText(visitor, `/en/desk/${path}`, 403)
    const editor = (await deskVisitor('editor')).visitor
    await pageText(editor, '/en/desk/channels/999999999', 404)
    await pageText(editor, '/en/desk/matches/999999999/broadcasts', 404)
  })

  it('adds a channel from its form, with Arab League countries ticked and others typed', async () => {
    const { visitor } = await deskVisitor('editor')
    const en = `Gulf Sports ${unique()}`
    const res = await visitor.post('/ar/desk/channels/new', {
      'name.ar': `الخليج الرياضية ${unique()}`,
      'name.en': en,
      free_to_air: 'no',
      'country.KW': 'on',
      'country.BH': 'on',
      'countries.other': 'tr, gb',
      'reception.ar': 'عرب سات',
      'reception.en': '',
      url: '',
      logo: '',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/ar/desk/channels')
    const [row] = await sql()<{ free_to_air: boolean; countries: string[]; reception: object; url: string | null }[]>`
      select free_to_air, to_jsonb(countries) as countries, reception, url from channels where name ->> 'en' = ${en}`
    expect(row).toEqual({ free_to_air: false, countries: ['BH', 'GB', 'KW', 'TR'], reception: { ar: 'عرب سات' }, url: null })
  })

  it('shows a refused channel again with each field’s error and what was typed', async () => {
    const { visitor } = await deskVisitor('editor')
    const res = await visitor.post('/en/desk/channels/new', { 'name.ar': 'قناة', 'name.en': '<i>Bold</i> TV', 'countries.other': 'XX' })
    expect(res.status).toBe(422)
    const body = await res.text()
    expect(body).toContain('Please remove the &lt; and &gt; signs: this field is plain text.')
    expect(body).toContain('Please choose one of the options.')
    expect(body).toContain('Please use two-letter country codes (ISO 3166-1), such as EG or SA.')
    expect(body).toContain('value="&lt;i&gt;Bold&lt;/i&gt; TV"')
  })

  it('fills a match’s where to watch from its form, a channel’s own countries when none are typed', async () => {
    const { user, visitor } = await deskVisitor('editor')
    const channel = await addChannel(user)
    const other = await addChannel(user, newChannel({ countries: ['MA'] }))
    const match = await ownMatch()
    const res = await visitor.post(`/en/desk/matches/${match}/broadcasts`, {
      rows: '3',
      '0.channel_id': channel,
      '0.countries': '',
      '0.language': 'ar',
      '0.commentators.ar': 'المعلق الأول\nالمعلق الثاني',
      '0.commentators.en': 'First Voice\n',
      '1.channel_id': '',
      '2.channel_id': other,
      '2.countries': 'ma dz',
      '2.language': 'zgh',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/en/desk/matches/${match}/broadcasts`)
    expect(await broadcastsOf(match)).toEqual([
      { channel_id: channel, countries: ['AE', 'EG', 'SA'], commentators: [{ ar: 'المعلق الأول', en: 'First Voice' }, { ar: 'المعلق الثاني' }], language: 'ar' },
      { channel_id: other, countries: ['DZ', 'MA'], commentators: [], language: 'zgh' },
    ])
    const form = await pageText(visitor, `/en/desk/matches/${match}/broadcasts`)
    expect(form).toContain('value="DZ MA"')
  })

  it('shows a refused where-to-watch form with the error on the row that caused it, and keeps the list', async () => {
    const { user, visitor } = await deskVisitor('editor')
    const channel = await addChannel(user)
    const match = await ownMatch()
    const res = await visitor.post(`/ar/desk/matches/${match}/broadcasts`, {
      rows: '3',
      '0.channel_id': '',
      '1.channel_id': channel,
      '1.countries': 'EG QQ',
      '2.countries': 'SA',
    })
    expect(res.status).toBe(422)
    const body = await res.text()
    // Row 2 has words and no channel: the form says so before the API is asked.
    expect(body).toContain('id="desk-2-channel_id-error"')
    const again = await visitor.post(`/ar/desk/matches/${match}/broadcasts`, { rows: '3', '0.channel_id': '', '1.channel_id': channel, '1.countries': 'EG QQ' })
    expect(again.status).toBe(422)
    expect(await again.text()).toContain('id="desk-1-countries-error"')
    expect(await broadcastsOf(match)).toEqual([])
  })

  it('puts a channel on every match of a round from the round screen', async () => {
    const { user, visitor } = await deskVisitor('editor')
    const channel = await addChannel(user, newChannel({ countries: ['JO', 'PS'] }))
    const { season, round, matches } = await ownRound(3)
    const res = await visitor.post('/en/desk/rounds/copy', { season_id: String(season), round, channel_id: channel, countries: '', language: 'ar' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/en/desk/rounds?season_id=${season}&round=${encodeURIComponent(round).replace('%20', '+')}`)
    for (const match of matches) expect(await broadcastsOf(match)).toEqual([{ channel_id: channel, countries: ['JO', 'PS'], commentators: [], language: 'ar' }])
    const screen = await pageText(visitor, res.headers.get('location')!)
    expect(screen.match(/Jordan, Palestine/g)).toHaveLength(3)
    const refused = await visitor.post('/en/desk/rounds/copy', { season_id: String(season), round, channel_id: '', countries: '', language: 'ar' })
    expect(refused.status).toBe(422)
  })
})
