// The desk's competitions as a browser uses them, in both languages and without JavaScript:
// the list and its "New competition" form, a competition's fields, and its table rules as
// number boxes, selects and zone rows. Forms post and redirect with a toast, or show the
// screen again with the API's words on each field.
import { describe, expect, it } from 'vitest'
import type { DeskCompetition } from '../../src/db/desk-competitions.ts'
import { callApi } from './api-helpers.ts'
import { sql } from './helpers.ts'
import { deskVisitor, pageText } from './visitor.ts'

const unique = () => crypto.randomUUID().slice(0, 8)

const newFields = (id: string) => ({
  id,
  kind: 'league',
  'name.ar': `دوري الشاشة ${id}`,
  'name.en': `Screen League ${id}`,
  'short_name.ar': 'د.ش',
  'short_name.en': 'SL',
  country: 'EG',
  timezone: 'Africa/Cairo',
})

async function stored(id: string): Promise<DeskCompetition> {
  const [row] = await sql()<{ rules: DeskCompetition['rules']; name: DeskCompetition['name']; timezone: string }[]>`
    select c.name, c.timezone, (select r.seasons from competition_rules r where r.competition_id = c.id) as rules from competitions c where c.id = ${id}`
  return row as unknown as DeskCompetition
}

describe('the competitions screens', () => {
  it.each(['ar', 'en'] as const)('list the competitions, a competition and its rules for an editor in %s', async (lang) => {
    const { visitor } = await deskVisitor('editor')
    const list = await pageText(visitor, `/${lang}/desk/competitions`)
    expect(list).toContain(`lang="${lang}"`)
    expect(list).toContain(`href="/${lang}/desk/competitions/en.1"`)
    expect(list).toContain(`action="/${lang}/desk/competitions"`)
    expect(list).toContain(lang === 'ar' ? 'بطولة جديدة' : 'New competition')
    const nav = await pageText(visitor, `/${lang}/desk`)
    expect(nav).toContain(`href="/${lang}/desk/competitions"`)
    const page = await pageText(visitor, `/${lang}/desk/competitions/en.1`)
    expect(page).toContain(lang === 'ar' ? 'قواعد الترتيب' : 'Table rules')
    // The seeded Premier League rules: points as numbers, the order as selects, zones as rows.
    expect(page).toMatch(/<input[^>]*name="rules\.0\.points\.win"[^>]*value="3"/)
    expect(page).toMatch(/<select[^>]*name="rules\.0\.criteria\.0"/)
    expect(page).toMatch(/<select[^>]*name="rules\.0\.zones\.1\.kind"/)
    expect(page).toContain(lang === 'ar' ? 'الهبوط' : 'Relegation')
    expect(page).toContain('Premier League Handbook')
    // A structured criterion the selects do not offer is offered to its own entry, in words.
    const botola = await pageText(visitor, `/${lang}/desk/competitions/ma.1`)
    expect(botola).toContain(lang === 'ar' ? 'عند تساوي فريقين: المواجهات المباشرة: فارق الأهداف، بعد اكتمال مبارياتهم كلها' : 'two clubs level: head-to-head goal difference, once all their matches are played, wins, goals scored; three or more: goal difference, wins, goals scored')
  })

  it('refuses a contributor with the 403 page, and an unknown competition with the 404 page', async () => {
    const { visitor } = await deskVisitor('contributor')
    await pageText(visitor, '/en/desk/competitions', 403)
    await pageText(visitor, '/en/desk/competitions/en.1', 403)
    const editor = (await deskVisitor('editor')).visitor
    await pageText(editor, '/en/desk/competitions/no.such.one', 404)
    await pageText(editor, '/en/desk/competitions/Bad_Id', 404)
  })

  it('creates a competition from the form, and shows refusals on their fields', async () => {
    const { visitor } = await deskVisitor('editor')
    const id = `s${unique()}.1`
    const bad = await visitor.post('/ar/desk/competitions', { ...newFields(id), timezone: 'Mars/Olympus' })
    expect(bad.status).toBe(422)
    const refused = await bad.text()
    expect(refused).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="timezone"|<input[^>]*name="timezone"[^>]*aria-invalid="true"/)
    expect(refused).toContain('يرجى إدخال المنطقة الزمنية')
    const res = await visitor.post('/en/desk/competitions', newFields(id))
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/en/desk/competitions/${id}`)
    expect((await stored(id)).timezone).toBe('Africa/Cairo')
    const taken = await visitor.post('/en/desk/competitions', newFields(id))
    expect(taken.status).toBe(422)
    expect(await taken.text()).toContain('Another competition already has this id.')
  })

  it('saves a competition’s fields', async () => {
    const { user, visitor } = await deskVisitor('editor')
    const id = `s${unique()}.1`
    await callApi('desk/competitions', { body: { id, kind: 'league', name: { ar: 'أ', en: 'A' }, short_name: { ar: 'أ', en: 'A' }, timezone: 'UTC' }, bearer: user.token })
    const res = await visitor.post(`/en/desk/competitions/${id}/save`, { ...newFields(id), 'name.en': 'Renamed', timezone: 'Asia/Riyadh' })
    expect(res.status).toBe(303)
    expect(await stored(id)).toMatchObject({ name: { en: 'Renamed' }, timezone: 'Asia/Riyadh' })
  })

  it('gives a competition its own rules from the blank entry, edits them, names refusals per field, and removes them', async () => {
    const { user, visitor } = await deskVisitor('editor')
    const id = `s${unique()}.1`
    await callApi('desk/competitions', { body: { id, kind: 'league', name: { ar: 'أ', en: 'A' }, short_name: { ar: 'أ', en: 'A' }, timezone: 'UTC' }, bearer: user.token })
    const entry = {
      'rules.0.from': '2026/27',
      'rules.0.points.win': '2',
      'rules.0.points.draw': '1',
      'rules.0.points.loss': '0',
      'rules.0.criteria.0': JSON.stringify({ headToHead: ['points'] }),
      'rules.0.criteria.1': '',
      'rules.0.criteria.2': JSON.stringify('goalDifference'),
      'rules.0.criteria.3': '',
      'rules.0.then': 'play-off',
      'rules.0.zones.0.kind': '',
      'rules.0.zones.0.from': '',
      'rules.0.zones.0.to': '',
      'rules.0.zones.1.kind': 'relegation',
      'rules.0.zones.1.from': '17',
      'rules.0.zones.1.to': '18',
      'rules.0.source': 'Regulations, art. 3',
    }
    const res = await visitor.post(`/en/desk/competitions/${id}/rules`, entry)
    expect(res.status).toBe(303)
    expect((await stored(id)).rules).toEqual([
      {
        from: '2026/27',
        points: { win: 2, draw: 1, loss: 0 },
        criteria: [{ headToHead: ['points'] }, 'goalDifference'],
        then: 'play-off',
        zones: [{ kind: 'relegation', from: 17, to: 18 }],
        source: 'Regulations, art. 3',
      },
    ])
    // The kept entry is now rules.0 with two spare rows; a refusal lands on the form's own row.
    const overlapping = { ...entry, 'rules.0.zones.0.kind': 'relegation-playoff', 'rules.0.zones.0.from': '16', 'rules.0.zones.0.to': '17', 'rules.0.zones.1.kind': 'relegation', 'rules.0.zones.1.from': '17', 'rules.0.zones.1.to': '18', 'rules.0.zones.2.kind': 'europa', 'rules.0.zones.2.from': '1', 'rules.0.zones.2.to': '1' }
    const refused = await visitor.post(`/ar/desk/competitions/${id}/rules`, overlapping)
    expect(refused.status).toBe(422)
    const page = await refused.text()
    expect(page).toMatch(/id="desk-rules-0-zones-2-kind-error">يرجى اختيار/)
    const overlap = await visitor.post(`/en/desk/competitions/${id}/rules`, { ...overlapping, 'rules.0.zones.2.kind': '', 'rules.0.zones.2.from': '', 'rules.0.zones.2.to': '' })
    expect(await overlap.text()).toContain('zones may not overlap')
    // A row left blank is not sent: the API's second criterion is the form's third select.
    const criterion = await visitor.post(`/en/desk/competitions/${id}/rules`, { ...entry, 'rules.0.criteria.1': '', 'rules.0.criteria.2': JSON.stringify('fairPlay') })
    expect(criterion.status).toBe(422)
    expect(await criterion.text()).toContain('id="desk-rules-0-criteria-2-error">Please choose criteria from the list Hadaf computes.')
    const points = await visitor.post(`/en/desk/competitions/${id}/rules`, { ...entry, 'rules.0.points.draw': '2' })
    expect(points.status).toBe(422)
    expect(await points.text()).toContain('A win must be worth more than a draw')
    const removed = await visitor.post(`/en/desk/competitions/${id}/rules`, { ...entry, 'rules.0.remove': 'on' })
    expect(removed.status).toBe(303)
    expect((await stored(id)).rules).toBeNull()
  })
})
