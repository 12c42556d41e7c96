// The desk's screens for football no source carries (issue 34), without a script: a new club
// and player, a new season, its clubs picked from a search, and a club's squad with shirt
// numbers, in both languages; each refusal shows the form again with the field's error.
import { describe, expect, it } from 'vitest'
import { sql } from './helpers.ts'
import { deskVisitor, pageText } from './visitor.ts'

const tag = () => crypto.randomUUID().slice(0, 8)

async function competition(): Promise<string> {
  const id = `scr.${tag()}`
  await sql()`insert into competitions (id, kind, name, short_name, country, timezone)
    values (${id}, 'league', ${sql().json({ en: `Screen League ${id}`, ar: `دوري الشاشة ${id}` })}, ${sql().json({ en: id })}, 'EG', 'Africa/Cairo')`
  return id
}

const idAfter = (location: string | null, path: string) => Number(new RegExp(`${path}/(\\d+)$`).exec(location ?? '')?.[1])

describe.each(['ar', 'en'] as const)('the season screens in %s', (lang) => {
  it('makes two clubs, a player, a season with those clubs and a squad, by plain forms', async () => {
    const { visitor } = await deskVisitor('editor')
    const t = tag()
    const clubs = await pageText(visitor, `/${lang}/desk/clubs`)
    expect(clubs).toContain(`action="/${lang}/desk/clubs/new"`)
    const makeClub = async (en: string, ar: string) => {
      const made = await visitor.post(`/${lang}/desk/clubs/new`, {
        'name.ar': ar,
        'name.en': en,
        country: 'EG',
        'stadium.name.ar': `ملعب ${ar}`,
        'stadium.name.en': `${en} Stadium`,
        aliases: `${en} SC\n${en} FC`,
      })
      expect(made.status).toBe(303)
      return idAfter(made.headers.get('location'), `/${lang}/desk/clubs`)
    }
    const home = await makeClub(`Ismailia Test ${t}`, `الإسماعيلي تجربة ${t}`)
    const away = await makeClub(`Masry Test ${t}`, `المصري تجربة ${t}`)
    expect(home).toBeGreaterThan(0)
    const [aliases] = await sql()<{ n: number }[]>`select count(*)::int as n from club_aliases where club_id = ${home} and alias like ${`Ismailia Test ${t} %`}`
    expect(aliases!.n).toBe(2)

    const player = await visitor.post(`/${lang}/desk/players/new`, { 'name.ar': `لاعب ${t}`, 'name.en': `Player ${t}`, nationality: 'EG', position: 'MF', born: '2000-01-31', photo: '' })
    expect(player.status).toBe(303)
    const playerId = idAfter(player.headers.get('location'), `/${lang}/desk/players`)

    const id = await competition()
    const season = await visitor.post(`/${lang}/desk/seasons`, { competition_id: id, label: '2026/27' })
    expect(season.status).toBe(303)
    const seasonId = idAfter(season.headers.get('location'), `/${lang}/desk/seasons`)
    const found = await pageText(visitor, `/${lang}/desk/seasons/${seasonId}?q=${encodeURIComponent(`Test ${t}`)}`)
    expect(found).toContain(`name="club.${home}"`)
    expect(found).toContain(`href="/${lang}/desk/seasons/${seasonId}/fixtures"`)
    const saved = await visitor.post(`/${lang}/desk/seasons/${seasonId}`, { [`club.${home}`]: 'on', [`club.${away}`]: 'on' })
    expect(saved.status).toBe(303)
    const [count] = await sql()<{ n: number }[]>`select count(*)::int as n from season_clubs where season_id = ${seasonId}`
    expect(count!.n).toBe(2)
    const page = await pageText(visitor, `/${lang}/desk/seasons/${seasonId}`)
    expect(page).toContain(`href="/${lang}/desk/seasons/${seasonId}/clubs/${home}/squad"`)

    const squadPath = `/${lang}/desk/seasons/${seasonId}/clubs/${home}/squad`
    expect(await pageText(visitor, `${squadPath}?q=${encodeURIComponent(`Player ${t}`)}`)).toContain(`name="player.${playerId}"`)
    const refused = await visitor.post(squadPath, { q: `Player ${t}`, [`player.${playerId}`]: 'on', [`shirt.${playerId}`]: '100' })
    expect(refused.status).toBe(422)
    expect(await refused.text()).toContain(lang === 'ar' ? 'يُرجى إدخال عدد صحيح من 1 إلى 99.' : 'Please enter a whole number from 1 to 99.')
    const squad = await visitor.post(squadPath, { [`player.${playerId}`]: 'on', [`shirt.${playerId}`]: '8' })
    expect(squad.status).toBe(303)
    const [member] = await sql()<{ shirt: number }[]>`select shirt_number as shirt from squad_members where season_id = ${seasonId} and club_id = ${home}`
    expect(member!.shirt).toBe(8)
  })

  it('shows a refused season or club again with the field’s error', async () => {
    const { visitor } = await deskVisitor('editor')
    const bad = await visitor.post(`/${lang}/desk/seasons`, { competition_id: await competition(), label: '2026-27' })
    expect(bad.status).toBe(422)
    expect(await bad.text()).toMatch(/id="desk-label-error"/)
    const nameless = await visitor.post(`/${lang}/desk/clubs/new`, { 'name.ar': '', 'name.en': 'Only English', country: 'EG' })
    expect(nameless.status).toBe(422)
    expect(await nameless.text()).toMatch(/id="desk-name-ar-error"/)
  })
})

describe('who sees the season screens', () => {
  it('turns contributors away', async () => {
    const { visitor } = await deskVisitor('contributor')
    expect((await visitor.get('/en/desk/seasons')).status).toBe(403)
    expect((await visitor.post('/en/desk/clubs/new', { 'name.en': 'X', 'name.ar': 'س', country: 'EG' })).status).toBe(403)
  })
})
