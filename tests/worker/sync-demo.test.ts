// A sync that brings real fixtures removes the seed's invented ones (decision 096), but never
// one the newsroom has made its own: a demo fixture an editor ran at the desk, or one a post
// is tagged with. What it removes is in the audit log, written by the site itself.
import { beforeEach, describe, expect, it } from 'vitest'
import { callApi } from './api-helpers.ts'
import { insertUserWithRole, sql } from './helpers.ts'
import { freshSyncState, providerMatch, providersStandIn, syncClubs, syncNow } from './sync-stand-ins.ts'

const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 6)}`

/** A fixture as the seed invents them: demo, keyed `demo:…`, in the first season. */
async function demoFixture(home: number, away: number): Promise<number> {
  const [row] = await sql()<{ id: number }[]>`
    insert into matches (season_id, round, kickoff, home_club_id, away_club_id, status, demo, source_key)
    values ((select id from seasons order by id limit 1), 'Demo', now() + interval '2 hours', ${home}, ${away}, 'scheduled', true, ${`demo:${crypto.randomUUID()}`})
    returning id::int`
  return row!.id
}

beforeEach(freshSyncState)

describe('demo fixtures when a sync brings real ones', () => {
  it('keeps the one an editor ran live, the one a post is tagged with and the one given broadcasts, and audits the one it removes', async () => {
    const [a, b, c] = await syncClubs(unique('Hazel'), unique('Ivy'), unique('Juniper'))
    const [ran, tagged, untouched, watched] = [
      await demoFixture(a!.id, b!.id),
      await demoFixture(b!.id, c!.id),
      await demoFixture(c!.id, a!.id),
      await demoFixture(b!.id, a!.id),
    ]

    const { token } = await insertUserWithRole('editor')
    const write = async (path: string, method: string, body: unknown) => expect((await callApi(path, { method, bearer: token, body })).status).toBeLessThan(300)
    await write(`matches/${ran}`, 'PATCH', { step: 'kick_off' })
    await write(`matches/${ran}/events`, 'POST', { kind: 'goal', minute: 9, side: 'home', player_name: 'Demo Nine' })
    await write(`matches/${ran}/commentary`, 'POST', { minute: 9, text: { en: 'A goal in the demo' } })
    await write(`matches/${ran}/lineups/home`, 'PUT', { starters: [{ name: 'Keeper One', shirt_number: 1 }] })
    const [channel] = await sql()<{ id: number }[]>`select id::int from channels order by id limit 1`
    await write(`desk/matches/${watched}/broadcasts`, 'PUT', [{ channel_id: channel!.id, countries: ['EG'] }])
    const [post] = await sql()<{ id: number }[]>`select id::int from posts where status = 'published' order by id limit 1`
    await sql()`insert into post_tags (post_id, match_id) values (${post!.id}, ${tagged})`

    providersStandIn({ matches: [providerMatch(2043, a!.name, c!.name, { status: 'FINISHED', score: { fullTime: { home: 1, away: 0 } } })] })
    expect(await syncNow('football-data')).toMatchObject({ created: 1, errors: [] })

    const left = await sql()<{ id: number }[]>`select id::int from matches where id in (${ran}, ${tagged}, ${untouched}, ${watched}) order by id`
    expect(left.map((m) => m.id)).toEqual([ran, tagged, watched])
    // A sync never writes broadcasts: the desk's stay as the editor left them.
    expect(await sql()`select 1 from broadcasts where match_id = ${watched} and countries = '{EG}'`).toHaveLength(1)
    expect(await sql()`select 1 from post_tags where match_id = ${tagged}`).toHaveLength(1)
    expect(await sql()`select 1 from match_commentary where match_id = ${ran}`).toHaveLength(1)

    const audit = await sql()<{ actor_id: string | null; action: string; before: Record<string, unknown>; after: unknown }[]>`
      select actor_id, action, before, after from audit_log where target_type = 'match' and target_id = ${String(untouched)}`
    expect(audit).toEqual([
      { actor_id: null, action: 'match.demo_remove', before: expect.objectContaining({ home_club_id: c!.id, away_club_id: a!.id, status: 'scheduled' }), after: null },
    ])
  })
})
