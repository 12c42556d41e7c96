// The data status screen (issue 16) as an editor uses it, in both languages: each sync's last
// run and the queue of teams no alias reaches; mapping a queued team to a club (or creating
// one) writes the fixtures that waited for it. Readers and contributors are refused.
import { beforeEach, describe, expect, it } from 'vitest'
import { callApi } from './api-helpers.ts'
import { insertUserWithRole, sql } from './helpers.ts'
import { freshSyncState, providerMatch, providersStandIn, syncClubs, syncNow } from './sync-stand-ins.ts'
import { deskVisitor, pageText } from './visitor.ts'

const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 6)}`

/** A sync that met one team no alias reaches: its queue row and the fixture that waits. */
async function queuedTeam(year: number): Promise<{ queueId: string; stranger: string; knownId: number; fixtureId: number }> {
  const [known] = await syncClubs(unique('Poplar'))
  const stranger = unique('Wanderers')
  const fixture = providerMatch(year, known!.name, stranger)
  providersStandIn({ matches: [fixture] })
  await syncNow('football-data')
  const [row] = await sql()<{ id: string }[]>`select id::text from sync_unmatched_teams where name = ${`${stranger} FC`}`
  return { queueId: row!.id, stranger, knownId: known!.id, fixtureId: fixture.id }
}

async function linkedMatch(fixtureId: number): Promise<{ home: number; away: number } | undefined> {
  const [row] = await sql()<{ home: number; away: number }[]>`
    select m.home_club_id::int as home, m.away_club_id::int as away
    from sync_match_links l join matches m on m.id = l.match_id where l.external_id = ${String(fixtureId)}`
  return row
}

beforeEach(freshSyncState)

describe('the data status screen', () => {
  it.each(['ar', 'en'] as const)('shows an editor each source and the queue in %s', async (lang) => {
    const { stranger } = await queuedTeam(2051)
    const { visitor } = await deskVisitor('editor')
    const body = await pageText(visitor, `/${lang}/desk/data`)
    expect(body).toContain(`lang="${lang}"`)
    expect(body).toContain('football-data.org')
    expect(body).toContain('openfootball')
    expect(body).toContain(`<bdi>${stranger} FC</bdi>`)
    expect(body).toContain(lang === 'ar' ? 'فرق تنتظر ناديًا' : 'Teams waiting for a club')
    expect(body).toContain(`href="/${lang}/desk/data"`)
  })

  it('queues no more than 50 new teams a run, and shows the queue and the runs a page at a time', async () => {
    // An answer naming 3,000 teams no alias reaches, two to a fixture.
    const tag = crypto.randomUUID().slice(0, 6)
    const flood = Array.from({ length: 1500 }, (_, i) => providerMatch(2055, `Flood ${tag} ${2 * i}`, `Flood ${tag} ${2 * i + 1}`))
    providersStandIn({ matches: flood })
    const run = await syncNow('football-data')
    expect(run.queued).toBe(25)
    expect(run.errors).toContainEqual(expect.stringMatching(/^1475 fixtures name teams the queue has no room for/))
    const [queued] = await sql()<{ n: number }[]>`select count(*)::int as n from sync_unmatched_teams where name like ${`Flood ${tag} %`}`
    expect(queued!.n).toBe(50)
    await sql()`insert into sync_runs (source, started_at) select 'openfootball', now() - make_interval(hours => n) from generate_series(1, 25) n`

    const { visitor } = await deskVisitor('editor')
    const first = await pageText(visitor, '/en/desk/data')
    // 35 KB with 20 teams and 20 runs; 3,000 teams on one page made 12.4 MB.
    expect(first.length).toBeLessThan(60_000)
    expect(first.match(/action="\/en\/desk\/data\/unmatched\/\d+\/create"/g)).toHaveLength(20)
    expect(first).toContain('aria-label="Pages of the teams waiting"')
    expect(first).toContain('href="/en/desk/data?queue_page=2#sync-queue" rel="next"')
    expect(first).toContain('href="/en/desk/data?runs_page=2#sync-runs" rel="next"')

    // The second page, in Arabic, without JavaScript: other teams, and a way back to the first.
    const second = await pageText(visitor, '/ar/desk/data?queue_page=2')
    const names = (html: string) => new Set(html.match(new RegExp(`Flood ${tag} \\d+`, 'g')))
    expect([...names(second)].some((name) => names(first).has(name))).toBe(false)
    expect(second).toContain('href="/ar/desk/data#sync-queue" rel="prev"')
    expect(second).toContain('aria-label="صفحات الفرق المنتظرة"')
    // Moving through the runs keeps the queue's page.
    expect(second).toContain('href="/ar/desk/data?queue_page=2&amp;runs_page=2#sync-runs" rel="next"')
    // A page past the last shows the last; one that cannot be a page, the first.
    expect(await pageText(visitor, '/en/desk/data?queue_page=99999')).toMatch(/sync-queue" rel="prev"[^]*>Page (\d+) of \1</)
    expect(await pageText(visitor, '/en/desk/data?queue_page=x')).toContain('href="/en/desk/data?queue_page=2#sync-queue"')
  })

  it('names the page parameter the API cannot read, in the asker’s language', async () => {
    const editor = await insertUserWithRole('editor')
    const wrong = await callApi<unknown>('desk/data?queue_page=2&runs_page=0', { bearer: editor.token, lang: 'ar' })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors).toEqual({ runs_page: 'رقم الصفحة عدد صحيح من 1 إلى 999999.' })
  })

  it('refuses a reader and a contributor', async () => {
    for (const role of ['reader', 'contributor'] as const) {
      const { visitor } = await deskVisitor(role)
      await pageText(visitor, '/en/desk/data', 403)
      const user = await insertUserWithRole(role)
      expect((await callApi('desk/data', { bearer: user.token })).status).toBe(403)
    }
  })

  it('maps a queued team to a club through the API, which imports its waiting fixture', async () => {
    const { queueId, stranger, knownId, fixtureId } = await queuedTeam(2052)
    const [target] = await syncClubs(unique('Rowan'))
    const editor = await insertUserWithRole('editor')
    expect(await linkedMatch(fixtureId)).toBeUndefined()

    const mapped = await callApi<{ written: { created: number } }>(`desk/data/unmatched/${queueId}/map`, { bearer: editor.token, body: { club_id: target!.id } })
    expect(mapped.status).toBe(200)
    expect(mapped.body.data!.written.created).toBe(1)
    expect(await linkedMatch(fixtureId)).toEqual({ home: knownId, away: target!.id })
    const [alias] = await sql()<{ club_id: number }[]>`select club_id::int from club_aliases where alias = ${`${stranger} FC`}`
    expect(alias!.club_id).toBe(target!.id)
    const [audit] = await sql()<{ action: string }[]>`select action from audit_log where actor_id = ${editor.id} order by id desc limit 1`
    expect(audit!.action).toBe('club.alias')
    expect((await callApi(`desk/data/unmatched/${queueId}/map`, { bearer: editor.token, body: { club_id: target!.id } })).status).toBe(404)
  })

  it('creates a club from the form for a queued team, with its Arabic name', async () => {
    const { queueId, stranger, fixtureId } = await queuedTeam(2053)
    const { visitor } = await deskVisitor('editor')
    const res = await visitor.post(`/ar/desk/data/unmatched/${queueId}/create`, { 'name.en': stranger, 'name.ar': 'الجوالون' })
    expect(res.status).toBe(303)
    const [club] = await sql()<{ name: { en: string; ar: string } }[]>`
      select c.name from clubs c join matches m on m.away_club_id = c.id join sync_match_links l on l.match_id = m.id where l.external_id = ${String(fixtureId)}`
    expect(club!.name).toEqual({ en: stranger, ar: 'الجوالون' })
  })

  it('answers bad input with a bilingual 422 and an unknown team with a 404', async () => {
    const { queueId } = await queuedTeam(2054)
    const editor = await insertUserWithRole('editor')
    const notNumber = await callApi(`desk/data/unmatched/${queueId}/map`, { bearer: editor.token, body: { club_id: 'x' }, lang: 'ar' })
    expect(notNumber.status).toBe(422)
    expect(notNumber.body.errors).toHaveProperty('club_id')
    const noClub = await callApi(`desk/data/unmatched/${queueId}/map`, { bearer: editor.token, body: { club_id: 999_999_999 }, lang: 'en' })
    expect(noClub.status).toBe(422)
    expect(noClub.body.errors).toEqual({ club_id: 'There is no club with this id.' })
    expect((await callApi(`desk/data/unmatched/${queueId}/create`, { bearer: editor.token, body: { name: { en: '' } } })).status).toBe(422)
    expect((await callApi('desk/data/unmatched/999999999/create', { bearer: editor.token, body: { name: { en: 'Anyone' } } })).status).toBe(404)
    // Still waiting: nothing above settled it.
    const [row] = await sql()<{ n: number }[]>`select count(*)::int as n from sync_unmatched_teams where id = ${queueId}`
    expect(row!.n).toBe(1)
  })
})
