// The newsroom's posts API (docs/desk-api.md): who may do what, what a draft becomes on its
// way out, the revisions and the audit log each change leaves, and the cron that publishes
// scheduled posts.
import { createScheduledController, env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { seasonParam } from '../../lib/links.ts'
import worker from '../../src/index.tsx'
import { callApi, mailTo } from './api-helpers.ts'
import { fetchPage, insertUserWithRole, sql, type TestUser } from './helpers.ts'

const withRole = insertUserWithRole

const unique = () => crypto.randomUUID().slice(0, 8)

function newPost(overrides: Record<string, unknown> = {}) {
  const tag = unique()
  return {
    kind: 'news',
    title: { ar: `الهلال يفوز بالديربي ${tag}`, en: `Al Hilal win the derby ${tag}` },
    summary: { ar: 'ملخص الخبر.', en: 'The summary.' },
    body: { ar: '<p>نص الخبر.</p><script>alert(1)</script>', en: '<p onclick="x()">The story.</p><a href="javascript:alert(1)">link</a>' },
    ...overrides,
  }
}

type Created = { id: string; status: string; slug: { ar: string; en: string } }
type Post = {
  id: string
  status: string
  title: { ar: string; en: string }
  body: { ar: string; en: string }
  slug: { ar: string; en: string }
  tags: { type: string; id: string }[]
  revision: number
  publishedAt: string | null
  translation: { ar: boolean; en: boolean }
}

async function create(user: TestUser, body: Record<string, unknown> = newPost()) {
  return callApi<Created>('desk/posts', { body, bearer: user.token })
}

describe('POST desk/posts', () => {
  it('saves a contributor’s draft, with slugs from the titles and bodies sanitised', async () => {
    const contributor = await withRole('contributor')
    const body = newPost()
    const { status, body: answer } = await create(contributor, body)
    expect(status).toBe(201)
    expect(answer.data!.status).toBe('draft')
    expect(answer.data!.slug.en).toBe(`al-hilal-win-the-derby-${body.title.en.split(' ').at(-1)}`)
    expect(answer.data!.slug.ar).toBe(`الهلال-يفوز-بالديربي-${body.title.ar.split(' ').at(-1)}`)
    const { res, body: read } = await callApi<Post>(`desk/posts/${answer.data!.id}`, { bearer: contributor.token })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(read.data!.body).toEqual({ ar: '<p>نص الخبر.</p>', en: '<p>The story.</p><a>link</a>' })
    expect(read.data!.revision).toBe(1)
    expect(read.data!.translation).toEqual({ ar: true, en: true })
  })

  it('gives a draft in one language slugs in both', async () => {
    const contributor = await withRole('contributor')
    const english = await create(contributor, newPost({ title: { ar: '', en: `Transfer news ${unique()}` } }))
    expect(english.status).toBe(201)
    expect(english.body.data!.slug.ar).toBe(english.body.data!.slug.en)
    const arabic = await create(contributor, newPost({ title: { ar: `انتقالات ${unique()}`, en: '' } }))
    expect(arabic.body.data!.slug.en).toMatch(/^post-[0-9a-f]{8}$/)
    expect(arabic.body.data!.slug.ar).toMatch(/^انتقالات-/)
  })

  it('numbers a slug that another post has', async () => {
    const editor = await withRole('editor')
    const body = newPost()
    const first = await create(editor, body)
    const second = await create(editor, body)
    expect(second.body.data!.slug.en).toBe(`${first.body.data!.slug.en}-2`)
    expect(second.body.data!.slug.ar).toBe(`${first.body.data!.slug.ar}-2`)
  })

  it('refuses readers, strangers and bad bodies, in the caller’s language', async () => {
    expect((await create(await withRole('reader'))).status).toBe(403)
    expect((await callApi('desk/posts', { body: newPost() })).status).toBe(401)
    const contributor = await withRole('contributor')
    const bad = await callApi('desk/posts', { body: { kind: 'gossip', title: { ar: 7 } }, bearer: contributor.token, lang: 'ar' })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors!)).toEqual(expect.arrayContaining(['kind', 'title.ar', 'summary', 'body']))
    expect(bad.body.message).toMatch(/[\u0600-\u06FF]/)
    const untitled = await create(contributor, newPost({ title: { ar: ' ', en: '' } }))
    expect(untitled.status).toBe(422)
    expect(untitled.body.errors).toHaveProperty('title')
    const tagged = await create(contributor, newPost({ tags: [{ type: 'club', id: 999_999_999 }] }))
    expect(tagged.status).toBe(422)
    expect(tagged.body.errors).toHaveProperty(['tags.0.id'])
    const taken = await create(contributor, newPost({ slug: { en: 'Not A Slug' } }))
    expect(taken.body.errors).toHaveProperty(['slug.en'])
    expect((await callApi('desk/posts', { rawBody: '{"kind":', bearer: contributor.token })).status).toBe(400)
  })

  it('keeps tags that name real rows', async () => {
    const editor = await withRole('editor')
    const [club] = await sql()<{ id: string }[]>`select id::text from clubs order by id limit 1`
    const [competition] = await sql()<{ id: string }[]>`select id from competitions order by id limit 1`
    const { body } = await create(editor, newPost({ tags: [{ type: 'club', id: Number(club!.id) }, { type: 'competition', id: competition!.id }] }))
    const { body: read } = await callApi<Post>(`desk/posts/${body.data!.id}`, { bearer: editor.token })
    expect(read.data!.tags).toEqual(expect.arrayContaining([{ type: 'club', id: club!.id }, { type: 'competition', id: competition!.id }]))
  })
})

describe('a post on its way out', () => {
  it('goes from a contributor’s draft through review to published, each step audited', async () => {
    const contributor = await withRole('contributor')
    const editor = await withRole('editor')
    const admin = await withRole('admin')
    const { id } = (await create(contributor)).body.data!

    // A contributor may not publish, nor read or change another's post.
    expect((await callApi(`desk/posts/${id}/publish`, { method: 'POST', bearer: contributor.token })).status).toBe(403)
    const other = await withRole('contributor')
    expect((await callApi(`desk/posts/${id}`, { bearer: other.token })).status).toBe(403)
    expect((await callApi(`desk/posts/${id}`, { method: 'PATCH', body: { kind: 'article' }, bearer: other.token })).status).toBe(403)

    const submitted = await callApi<Post>(`desk/posts/${id}/submit`, { method: 'POST', bearer: contributor.token })
    expect(submitted.body.data!.status).toBe('review')
    expect((await callApi(`desk/posts/${id}/submit`, { method: 'POST', bearer: contributor.token })).status).toBe(409)

    const edited = await callApi<Post>(`desk/posts/${id}`, { method: 'PATCH', body: { title: { en: 'Al Hilal take the derby' } }, bearer: editor.token })
    expect(edited.status).toBe(200)
    expect(edited.body.data!.revision).toBe(2)
    // Never out yet: the slug follows the new title.
    expect(edited.body.data!.slug.en).toMatch(/^al-hilal-take-the-derby/)
    const revisions = await callApi<{ number: number; content: { title: { en: string } } }[]>(`desk/posts/${id}/revisions`, { bearer: contributor.token })
    expect(revisions.body.data!.map((r) => r.number)).toEqual([2, 1])
    expect(revisions.body.data![1]!.content.title.en).toMatch(/^Al Hilal win the derby/)

    const published = await callApi<Post>(`desk/posts/${id}/publish`, { method: 'POST', bearer: editor.token })
    expect(published.body.data!.status).toBe('published')
    const page = await fetchPage(`/en/news/${published.body.data!.slug.en}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Al Hilal take the derby')
    // Out now: the contributor can no longer change it.
    expect((await callApi(`desk/posts/${id}`, { method: 'PATCH', body: { kind: 'article' }, bearer: contributor.token })).status).toBe(403)

    const audit = await callApi<{ entries: { action: string; actor: { id: string } | null; before: unknown; after: unknown }[] }>(`desk/audit?target_type=post&target_id=${id}`, { bearer: admin.token })
    expect(audit.body.data!.entries.map((e) => e.action)).toEqual(['post.publish', 'post.update', 'post.submit', 'post.create'])
    const update = audit.body.data!.entries[1]!
    expect(update.actor!.id).toBe(editor.id)
    expect((update.before as Post).title.en).toMatch(/^Al Hilal win/)
    expect((update.after as Post).title.en).toBe('Al Hilal take the derby')
    expect((await callApi('desk/audit', { bearer: editor.token })).status).toBe(403)
  })

  it('is refused while a language is missing, naming each empty field', async () => {
    const editor = await withRole('editor')
    const { id } = (await create(editor, newPost({ summary: { ar: '', en: 'Only English.' } }))).body.data!
    const refused = await callApi(`desk/posts/${id}/publish`, { method: 'POST', bearer: editor.token })
    expect(refused.status).toBe(422)
    expect(Object.keys(refused.body.errors!)).toEqual(['summary.ar'])
  })

  it('keeps answering at its old address after an editor changes the slug of a published post', async () => {
    const editor = await withRole('editor')
    const { id, slug } = (await create(editor)).body.data!
    await callApi(`desk/posts/${id}/publish`, { method: 'POST', bearer: editor.token })
    const renamed = await callApi<Post>(`desk/posts/${id}`, { method: 'PATCH', body: { slug: { en: `renamed-${unique()}` } }, bearer: editor.token })
    expect(renamed.status).toBe(200)
    const old = await fetchPage(`/en/news/${slug.en}`, { redirect: 'manual' })
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(`/en/news/${renamed.body.data!.slug.en}`)
    // A title change after it went out leaves the slug alone.
    const retitled = await callApi<Post>(`desk/posts/${id}`, { method: 'PATCH', body: { title: { en: 'Something else' } }, bearer: editor.token })
    expect(retitled.body.data!.slug.en).toBe(renamed.body.data!.slug.en)
  })

  it('is scheduled for a time to come and published by the cron once it has come', async () => {
    const editor = await withRole('editor')
    const { id, slug } = (await create(editor)).body.data!
    const at = new Date(Date.now() + 60_000).toISOString()
    const scheduled = await callApi<Post>(`desk/posts/${id}/publish`, { method: 'POST', body: { at }, bearer: editor.token })
    expect(scheduled.body.data!.status).toBe('scheduled')
    expect((await fetchPage(`/en/news/${slug.en}`)).status).toBe(404)

    const runCron = () => worker.scheduled(createScheduledController({ cron: '* * * * *' }), env)
    await runCron()
    expect((await callApi<Post>(`desk/posts/${id}`, { bearer: editor.token })).body.data!.status).toBe('scheduled')
    // The minute passes.
    await sql()`update posts set published_at = now() - interval '1 second' where id = ${id}`
    await runCron()
    expect((await callApi<Post>(`desk/posts/${id}`, { bearer: editor.token })).body.data!.status).toBe('published')
    expect((await fetchPage(`/en/news/${slug.en}`)).status).toBe(200)

    const unpublished = await callApi<Post>(`desk/posts/${id}/unpublish`, { method: 'POST', bearer: editor.token })
    expect(unpublished.body.data!.status).toBe('draft')
    expect((await fetchPage(`/en/news/${slug.en}`)).status).toBe(404)
    expect((await callApi(`desk/posts/${id}/unpublish`, { method: 'POST', bearer: editor.token })).status).toBe(409)
  })

  it('answers 404 for a post that does not exist, and 422 for a bad time', async () => {
    const editor = await withRole('editor')
    expect((await callApi('desk/posts/999999999', { bearer: editor.token })).status).toBe(404)
    expect((await callApi('desk/posts/abc', { bearer: editor.token })).status).toBe(404)
    expect((await callApi('desk/posts/999999999/publish', { method: 'POST', bearer: editor.token })).status).toBe(404)
    const { id } = (await create(editor)).body.data!
    const bad = await callApi(`desk/posts/${id}/publish`, { method: 'POST', body: { at: 'tomorrow' }, bearer: editor.token })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toHaveProperty('at')
  })
})

describe('football data corrections', () => {
  async function someClub(): Promise<{ id: string; season: string }> {
    const [row] = await sql()<{ id: string; season: string }[]>`
      select m.home_club_id::text as id, m.season_id::text as season from matches m
      join seasons s on s.id = m.season_id where s.competition_id = 'en.1' and not m.demo order by m.id limit 1`
    return row!
  }

  it('lets an editor correct a club’s names and add an alias, shown on its page and audited', async () => {
    const editor = await withRole('editor')
    const club = await someClub()
    const name = `نادي ${unique()}`
    const alias = `Alias ${unique()}`
    const res = await callApi<{ name: { ar: string }; aliases: string[]; corrected: string[] }>(`desk/clubs/${club.id}`, {
      method: 'PATCH',
      body: { name: { ar: name }, aliases: [alias] },
      bearer: editor.token,
    })
    expect(res.status).toBe(200)
    expect(res.body.data!.name.ar).toBe(name)
    expect(res.body.data!.aliases).toContain(alias)
    expect(res.body.data!.corrected).toContain('name.ar')
    expect(await (await fetchPage(`/ar/club/${club.id}`)).text()).toContain(name)
    const [entry] = await sql()<{ actor_id: string }[]>`select actor_id::text from audit_log where action = 'club.update' and target_id = ${club.id} order by id desc limit 1`
    expect(entry!.actor_id).toBe(editor.id)
  })

  it('refuses an alias another club has, contributors, unknown ids and bad bodies', async () => {
    const editor = await withRole('editor')
    const [other] = await sql()<{ alias: string; club_id: string }[]>`select alias, club_id::text from club_aliases order by alias_key limit 1`
    const club = await someClub()
    const target = other!.club_id === club.id ? Number(club.id) + 1 : club.id
    const taken = await callApi(`desk/clubs/${target}`, { method: 'PATCH', body: { aliases: [other!.alias.toUpperCase()] }, bearer: editor.token })
    expect(taken.status).toBe(422)
    expect(taken.body.errors).toHaveProperty('aliases')
    const contributor = await withRole('contributor')
    expect((await callApi(`desk/clubs/${club.id}`, { method: 'PATCH', body: { name: { en: 'X' } }, bearer: contributor.token })).status).toBe(403)
    expect((await callApi('desk/clubs/999999999', { method: 'PATCH', body: { name: { en: 'X' } }, bearer: editor.token })).status).toBe(404)
    expect((await callApi(`desk/clubs/${club.id}`, { method: 'PATCH', body: {}, bearer: editor.token })).status).toBe(422)
    expect((await callApi(`desk/clubs/${club.id}`, { method: 'PATCH', body: { name: { ar: '' } }, bearer: editor.token })).body.errors).toHaveProperty(['name.ar'])
  })

  it('lets an editor correct a player’s name, position and shirt number', async () => {
    const editor = await withRole('editor')
    const [player] = await sql()<{ id: string }[]>`select id::text from players order by id limit 1`
    const res = await callApi<{ name: { en: string }; position: string; shirtNumber: number; aliases: string[]; corrected: string[] }>(`desk/players/${player!.id}`, {
      method: 'PATCH',
      body: { name: { en: 'Corrected Name' }, position: 'FW', shirt_number: 9, aliases: ['Nickname'] },
      bearer: editor.token,
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ name: { en: 'Corrected Name' }, position: 'FW', shirtNumber: 9 })
    expect(res.body.data!.aliases).toContain('Nickname')
    expect(res.body.data!.corrected).toEqual(expect.arrayContaining(['name.en', 'position', 'shirt_number']))
    const bad = await callApi(`desk/players/${player!.id}`, { method: 'PATCH', body: { position: 'ST', shirt_number: 100 }, bearer: editor.token })
    expect(Object.keys(bad.body.errors!)).toEqual(expect.arrayContaining(['position', 'shirt_number']))
  })

  it('records a points deduction, which the season’s table counts', async () => {
    const editor = await withRole('editor')
    const club = await someClub()
    const deduction = {
      season_id: Number(club.season),
      club_id: Number(club.id),
      points: 6,
      reason: { ar: 'مخالفة قواعد الربح والاستدامة', en: 'Breach of profit and sustainability rules' },
      source_url: 'https://www.premierleague.com/news',
    }
    const before = await callApi(`desk/deductions`, { body: { ...deduction, source_url: 'http://insecure.example' }, bearer: editor.token })
    expect(before.body.errors).toHaveProperty('source_url')
    const res = await callApi<{ id: string }>('desk/deductions', { body: deduction, bearer: editor.token })
    expect(res.status).toBe(201)
    const [row] = await sql()<{ points: number; source_key: string }[]>`select points, source_key from point_deductions where id = ${res.body.data!.id}`
    expect(row!.points).toBe(6)
    expect(row!.source_key).toMatch(/^desk:/)
    const [season] = await sql()<{ label: string }[]>`select label from seasons where id = ${club.season}`
    const league = await (await fetchPage(`/en/leagues/en.1?season=${seasonParam(season!.label)}`)).text()
    expect(league).toContain('6 points deducted.')
    expect(league).toContain(deduction.reason.en)
    const noSeason = await callApi('desk/deductions', { body: { ...deduction, season_id: 999_999_999 }, bearer: editor.token })
    expect(noSeason.body.errors).toHaveProperty('season_id')
    const contributor = await withRole('contributor')
    expect((await callApi('desk/deductions', { body: deduction, bearer: contributor.token })).status).toBe(403)
    await sql()`delete from point_deductions where id = ${res.body.data!.id}`
  })
})

describe('accounts, for admins', () => {
  type Account = { id: string; email: string; role: string; activeSessions: number }

  it('finds accounts, changes a role, and ends sessions, each audited', async () => {
    const admin = await withRole('admin')
    const reader = await withRole('reader')
    const found = await callApi<Account[]>(`desk/users?q=${encodeURIComponent(reader.email.toUpperCase())}`, { bearer: admin.token })
    expect(found.body.data).toEqual([expect.objectContaining({ id: reader.id, role: 'reader', activeSessions: 1 })])

    const account = await callApi<Account>(`desk/users/${reader.id}`, { bearer: admin.token })
    expect(account.body.data).toMatchObject({ id: reader.id, email: reader.email, role: 'reader', activeSessions: 1 })
    const promoted = await callApi<Account>(`desk/users/${reader.id}`, { method: 'PATCH', body: { role: 'contributor' }, bearer: admin.token })
    expect(promoted.body.data!.role).toBe('contributor')
    // The new role holds at once: the reader can now write a draft.
    expect((await create(reader)).status).toBe(201)

    const sessions = await callApi<{ id: string; revokedAt: string | null }[]>(`desk/users/${reader.id}/sessions`, { bearer: admin.token })
    expect(sessions.body.data).toHaveLength(1)
    const ended = await callApi(`desk/users/${reader.id}/sessions/${sessions.body.data![0]!.id}`, { method: 'DELETE', bearer: admin.token })
    expect(ended.status).toBe(200)
    // Signed out everywhere that session was.
    expect((await create(reader)).status).toBe(401)
    expect((await callApi(`desk/users/${reader.id}/sessions/${sessions.body.data![0]!.id}`, { method: 'DELETE', bearer: admin.token })).status).toBe(404)

    const audit = await callApi<{ entries: { action: string; actor: { id: string } }[] }>(`desk/audit?target_type=user&target_id=${reader.id}`, { bearer: admin.token })
    expect(audit.body.data!.entries.map((e) => e.action)).toEqual(['user.sessions_end', 'user.role'])
    expect(audit.body.data!.entries[1]!.actor.id).toBe(admin.id)
  })

  it('keeps the last admin, and refuses editors, unknown accounts and unknown roles', async () => {
    const admin = await withRole('admin')
    // Every other admin of the test database steps down for this test, then comes back.
    const others = await sql()<{ id: string }[]>`update users set role = 'editor' where role = 'admin' and id <> ${admin.id} returning id::text`
    try {
      const alone = await callApi(`desk/users/${admin.id}`, { method: 'PATCH', body: { role: 'editor' }, bearer: admin.token })
      expect(alone.status).toBe(409)
    } finally {
      for (const { id } of others) await sql()`update users set role = 'admin' where id = ${id}`
    }
    const editor = await withRole('editor')
    expect((await callApi('desk/users', { bearer: editor.token })).status).toBe(403)
    expect((await callApi(`desk/users/${admin.id}`, { bearer: editor.token })).status).toBe(403)
    expect((await callApi(`desk/users/${crypto.randomUUID()}`, { bearer: admin.token })).status).toBe(404)
    expect((await callApi(`desk/users/${crypto.randomUUID()}`, { method: 'PATCH', body: { role: 'editor' }, bearer: admin.token })).status).toBe(404)
    expect((await callApi('desk/users/not-a-uuid/sessions', { bearer: admin.token })).status).toBe(404)
    const bad = await callApi(`desk/users/${editor.id}`, { method: 'PATCH', body: { role: 'owner' }, bearer: admin.token })
    expect(bad.body.errors).toHaveProperty('role')
  })
})

describe('the inbox', () => {
  async function contactMessage(lang: 'ar' | 'en'): Promise<{ id: string; email: string }> {
    const email = `sender-${unique()}@example.test`
    const [row] = await sql()<{ id: string }[]>`
      insert into contact_messages (name, email, subject, message, lang)
      values ('Sender', ${email}, 'سؤال عن الموقع', 'متى تضيفون الدوري المغربي؟', ${lang}) returning id::text`
    return { id: row!.id, email }
  }

  it('lists new messages, and answers one by mail in its sender’s language, which handles it', async () => {
    const editor = await withRole('editor')
    const { id, email } = await contactMessage('ar')
    const inbox = await callApi<{ id: string; status: string }[]>('desk/inbox?status=new&limit=200', { bearer: editor.token })
    expect(inbox.body.data!.map((m) => m.id)).toContain(id)
    const reply = await callApi<{ status: string; replies: { body: string; author: string }[] }>(`desk/inbox/${id}/reply`, {
      body: { text: 'شكرًا لرسالتك.\n\nنعمل على ذلك.' },
      bearer: editor.token,
    })
    expect(reply.status).toBe(200)
    expect(reply.body.data!.status).toBe('handled')
    expect(reply.body.data!.replies).toEqual([expect.objectContaining({ body: 'شكرًا لرسالتك.\n\nنعمل على ذلك.', author: editor.name })])
    const [mail] = await mailTo(email)
    expect(mail!.subject).toBe('رد: سؤال عن الموقع')
    expect(mail!.text).toContain('نعمل على ذلك.')
    expect(mail!.text).toContain('متى تضيفون الدوري المغربي؟')
    const reopened = await callApi<{ status: string }>(`desk/inbox/${id}`, { method: 'PATCH', body: { status: 'new' }, bearer: editor.token })
    expect(reopened.body.data!.status).toBe('new')
    const one = await callApi<{ id: string; status: string; lang: string; replies: unknown[] }>(`desk/inbox/${id}`, { bearer: editor.token })
    expect(one.body.data).toMatchObject({ id, status: 'new', lang: 'ar', replies: [expect.objectContaining({ author: editor.name })] })
    const admin = await withRole('admin')
    const audit = await callApi<{ entries: { action: string }[] }>(`desk/audit?target_type=contact_message&target_id=${id}`, { bearer: admin.token })
    expect(audit.body.data!.entries.map((e) => e.action)).toEqual(['inbox.status', 'inbox.reply'])
  })

  it('refuses contributors, unknown messages and empty replies', async () => {
    const editor = await withRole('editor')
    const { id } = await contactMessage('en')
    expect((await callApi('desk/inbox', { bearer: (await withRole('contributor')).token })).status).toBe(403)
    expect((await callApi('desk/inbox/999999999/reply', { body: { text: 'Hello there' }, bearer: editor.token })).status).toBe(404)
    expect((await callApi('desk/inbox/999999999', { bearer: editor.token })).status).toBe(404)
    expect((await callApi(`desk/inbox/${id}`, { bearer: (await withRole('contributor')).token })).status).toBe(403)
    expect((await callApi(`desk/inbox/${id}/reply`, { body: { text: ' ' }, bearer: editor.token })).body.errors).toHaveProperty('text')
    expect((await callApi(`desk/inbox/${id}`, { method: 'PATCH', body: { status: 'spam' }, bearer: editor.token })).status).toBe(422)
  })
})
