// Editorial fixtures for the worker tests, written once by the global setup: a competition,
// two clubs, a player and a match to tag posts with; posts of every kind with both slugs;
// and the site's three pages. Minimal rows in plain SQL, independent of the importer.
import postgres from 'postgres'

/** Fourteen published news posts: more than one page of twelve. */
export const NEWS_COUNT = 14

export const FIXTURE = {
  competition: 'fx.league',
  clubSourceKey: 'fixture:club:hilal',
  otherClubSourceKey: 'fixture:club:ittihad',
  playerSourceKey: 'fixture:player:salem',
  matchSourceKey: 'fixture:match:1',
  /** The newest news post: no cover. */
  newestNews: { en: 'fixture-news-01', ar: 'خبر-تجريبي-01' },
  /** Tagged with everything: the club, the player, the competition and the match. */
  taggedNews: { en: 'fixture-news-02', ar: 'خبر-تجريبي-02' },
  /** An article with a video and an audio clip, with captions. */
  mediaArticle: { en: 'fixture-article-media', ar: 'مقال-تجريبي-وسائط' },
  /** An analytics piece without a cover. */
  analytics: { en: 'fixture-analytics', ar: 'تحليل-تجريبي' },
  /** A caricature whose title tries to close the JSON-LD script; its Arabic slug has a
   *  hamza (أ), which a decomposed (NFD) spelling writes as two code points. */
  caricature: { en: 'fixture-caricature', ar: 'كاريكاتير-أسبوعي' },
  draft: { en: 'fixture-draft', ar: 'مسودة-تجريبية' },
} as const

export const HOSTILE_TITLE = 'Caricature </script><script>alert(1)</script> & <!-- more'

const COVER = { src: '/media/posts/news-01.svg', width: 1200, height: 675, alt: { en: 'A floodlit pitch', ar: 'ملعب تحت الأضواء' } }

const two = (n: number) => String(n).padStart(2, '0')

export async function seedFixtures(databaseUrl: string): Promise<void> {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    await db.begin(async (sql) => {
      await sql`
        insert into competitions (id, kind, name, short_name)
        values (${FIXTURE.competition}, 'league', ${sql.json({ en: 'Fixture League', ar: 'دوري الاختبار' })}, ${sql.json({ en: 'FXL', ar: 'د.ا' })})`
      const [season] = await sql<{ id: string }[]>`
        insert into seasons (competition_id, label) values (${FIXTURE.competition}, '2025/26') returning id`
      const [hilal] = await sql<{ id: string }[]>`
        insert into clubs (name, short_name, source_key)
        values (${sql.json({ en: 'Al Hilal', ar: 'الهلال' })}, ${sql.json({ en: 'Hilal', ar: 'الهلال' })}, ${FIXTURE.clubSourceKey})
        returning id`
      const [ittihad] = await sql<{ id: string }[]>`
        insert into clubs (name, short_name, source_key)
        values (${sql.json({ en: 'Al Ittihad', ar: 'الاتحاد' })}, ${sql.json({ en: 'Ittihad', ar: 'الاتحاد' })}, ${FIXTURE.otherClubSourceKey})
        returning id`
      const [salem] = await sql<{ id: string }[]>`
        insert into players (name, club_id, source_key)
        values (${sql.json({ en: 'Salem Al-Dawsari', ar: 'سالم الدوسري' })}, ${hilal!.id}, ${FIXTURE.playerSourceKey})
        returning id`
      const [match] = await sql<{ id: string }[]>`
        insert into matches (season_id, kickoff, home_club_id, away_club_id, status, ft_home, ft_away, source_key)
        values (${season!.id}, '2025-08-20T18:00:00Z', ${hilal!.id}, ${ittihad!.id}, 'finished', 2, 1, ${FIXTURE.matchSourceKey})
        returning id`

      const insertPost = async (post: {
        kind: string
        slug: { en: string; ar: string }
        title: { en: string; ar: string }
        publishedAt: string
        cover?: boolean
        status?: string
        media?: unknown[]
      }) => {
        const cover = post.cover === false ? null : COVER
        const [row] = await sql<{ id: string }[]>`
          insert into posts (kind, slug_en, slug_ar, title, summary, body, cover_src, cover_width, cover_height, cover_alt,
                             media, author, status, published_at, source_key)
          values (
            ${post.kind}, ${post.slug.en}, ${post.slug.ar}, ${sql.json(post.title)},
            ${sql.json({ en: `Summary of ${post.title.en}`, ar: `ملخص ${post.title.ar}` })},
            ${sql.json({ en: `<p>Body of ${post.slug.en}.</p><h2>Details</h2>`, ar: `<p>نص ${post.slug.ar}.</p><h2>تفاصيل</h2>` })},
            ${cover?.src ?? null}, ${cover?.width ?? null}, ${cover?.height ?? null}, ${cover ? sql.json(cover.alt) : null},
            ${sql.json((post.media ?? []) as postgres.JSONValue)}, ${sql.json({ en: 'Hadaf Newsroom', ar: 'فريق هدف' })},
            ${post.status ?? 'published'}, ${post.publishedAt}, ${`fixture:post:${post.slug.en}`}
          )
          returning id`
        return row!.id
      }
      const tag = (postId: string, target: { competition?: string; club?: string; player?: string; match?: string }) => sql`
        insert into post_tags (post_id, competition_id, club_id, player_id, match_id)
        values (${postId}, ${target.competition ?? null}, ${target.club ?? null}, ${target.player ?? null}, ${target.match ?? null})`

      // News 01 is the newest (20 June 2025), news 14 the oldest; every one is about Al Hilal.
      for (let n = 1; n <= NEWS_COUNT; n++) {
        const id = await insertPost({
          kind: 'news',
          slug: { en: `fixture-news-${two(n)}`, ar: `خبر-تجريبي-${two(n)}` },
          title: { en: `Fixture news ${two(n)}`, ar: `خبر تجريبي ${two(n)}` },
          publishedAt: `2025-06-${two(21 - n)}T12:00:00Z`,
          cover: n !== 1,
        })
        await tag(id, { club: hilal!.id })
        if (n === 2) {
          await tag(id, { player: salem!.id })
          await tag(id, { competition: FIXTURE.competition })
          await tag(id, { match: match!.id })
        }
      }
      const article = await insertPost({
        kind: 'article',
        slug: FIXTURE.mediaArticle,
        title: { en: 'Fixture article with media', ar: 'مقال تجريبي مع وسائط' },
        publishedAt: '2025-05-01T12:00:00Z',
        media: [
          {
            type: 'video',
            src: '/media/posts/fixture.mp4',
            mime: 'video/mp4',
            poster: '/media/posts/news-01.svg',
            width: 1280,
            height: 720,
            title: { en: 'The winning goal', ar: 'هدف الفوز' },
            captions: [
              { lang: 'en', label: 'English', src: '/media/posts/fixture.en.vtt' },
              { lang: 'ar', label: 'العربية', src: '/media/posts/fixture.ar.vtt' },
            ],
          },
          {
            type: 'audio',
            src: '/media/posts/fixture.mp3',
            mime: 'audio/mpeg',
            title: { en: 'Listen: the season in a minute', ar: 'استمع: الموسم في دقيقة' },
            captions: [{ lang: 'ar', label: 'العربية', src: '/media/posts/fixture-audio.ar.vtt' }],
          },
        ],
      })
      await tag(article, { player: salem!.id })
      const analytics = await insertPost({
        kind: 'analytics',
        slug: FIXTURE.analytics,
        title: { en: 'Fixture analytics', ar: 'تحليل تجريبي' },
        publishedAt: '2025-05-02T12:00:00Z',
        cover: false,
      })
      await tag(analytics, { competition: FIXTURE.competition })
      await insertPost({
        kind: 'caricature',
        slug: FIXTURE.caricature,
        title: { en: HOSTILE_TITLE, ar: HOSTILE_TITLE },
        publishedAt: '2025-05-03T12:00:00Z',
      })
      const draft = await insertPost({
        kind: 'news',
        slug: FIXTURE.draft,
        title: { en: 'Fixture draft', ar: 'مسودة تجريبية' },
        publishedAt: '2025-07-01T12:00:00Z',
        status: 'draft',
      })
      await tag(draft, { club: hilal!.id })

      // The real seed may have written these already; then its copy stays.
      const page = (slug: string, title: { en: string; ar: string }, body: { en: string; ar: string }) => sql`
        insert into pages (slug, title, body) values (${slug}, ${sql.json(title)}, ${sql.json(body)})
        on conflict (slug) do nothing`
      await page('contact', { en: 'Contact us', ar: 'اتصل بنا' }, { en: '<p>Write to the Hadaf team.</p>', ar: '<p>راسل فريق هدف.</p>' })
      await page('privacy', { en: 'Privacy policy', ar: 'سياسة الخصوصية' }, { en: '<p>We keep little.</p>', ar: '<p>نحتفظ بالقليل.</p>' })
      await page('terms', { en: 'Terms and conditions', ar: 'الشروط والأحكام' }, { en: '<p>Be kind.</p>', ar: '<p>كن لطيفاً.</p>' })
    })
  } finally {
    await db.end()
  }
}

/** The generated id of a fixture row, by its source key. */
export async function fixtureId(sql: postgres.Sql, table: 'clubs' | 'players' | 'matches', sourceKey: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`select id::text as id from ${sql(table)} where source_key = ${sourceKey}`
  return row!.id
}
