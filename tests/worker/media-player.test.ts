// The media player's server side: the island marker with its sources, poster and box on pages
// with media, nothing of it on pages without, the no-JavaScript player inside the marker, the
// CSP widened for YouTube and Vimeo only where a page embeds them, and the match page's media.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaPlayerProps } from '../../lib/media-sources.ts'
import { loadMatch } from '../../src/db/matches.ts'
import { fetchPage, sql } from './helpers.ts'

const FINAL = '/en/news/spain-beat-argentina-to-win-2026-world-cup-final'
const HLS_POST = '/en/news/al-hilal-stun-manchester-city-4-3-at-club-world-cup'
const AUDIO_POST = '/en/articles/three-years-on-saudi-arabia-2-1-argentina-lusail'

async function page(path: string) {
  const res = await fetchPage(path)
  return { res, body: await res.text() }
}

const unescape = (value: string) =>
  value.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')

/** Each media-player marker's strategy, props and server-rendered inside (up to the figcaption). */
function players(body: string) {
  const markers = body.matchAll(/<div class="island" data-island="media-player" data-props="([^"]*)" data-hydrate="([a-z]+)">([\s\S]*?)<figcaption>/g)
  return [...markers].map(([, props, hydrate, inner]) => ({ props: JSON.parse(unescape(props!)) as MediaPlayerProps, hydrate, inner: inner! }))
}

function directive(res: Response, name: string): string[] {
  const policy = res.headers.get('content-security-policy') ?? ''
  const part = policy.split(';').find((p) => p.trim().startsWith(`${name} `)) ?? ''
  return part.trim().split(/\s+/).slice(1)
}

describe('a post with a video', () => {
  it('renders the player island, hydrated when visible, with its sources, poster, box and captions', async () => {
    const { res, body } = await page(FINAL)
    expect(res.status).toBe(200)
    const [player, ...others] = players(body)
    expect(others).toEqual([])
    expect(player!.hydrate).toBe('visible')
    expect(player!.props).toEqual({
      view: 'video',
      sources: [
        { src: '/media/posts/wc2026-final-spain-argentina.mp4', type: 'video/mp4', width: 1280, height: 720 },
        { src: '/media/posts/wc2026-final-spain-argentina.360.mp4', type: 'video/mp4', width: 640, height: 360 },
      ],
      title: 'Animated scoreline: Spain 1-0 Argentina, 2026 World Cup final',
      poster: '/media/posts/news-01.svg',
      width: 1280,
      height: 720,
      captions: [
        { src: '/media/posts/wc2026-final-spain-argentina.en.vtt', lang: 'en', label: 'English' },
        { src: '/media/posts/wc2026-final-spain-argentina.ar.vtt', lang: 'ar', label: 'العربية' },
      ],
    })
    // The box is fixed before any script runs, so the page does not move when vidstack arrives.
    expect(player!.inner).toMatch(/<div class="media-player" data-view="video" data-kind="file" style="aspect-ratio:1280 \/ 720">/)
    // Readers without JavaScript get the browser's own player with every source and caption.
    expect(player!.inner).toMatch(/<video controls="" playsInline="" preload="metadata" poster="\/media\/posts\/news-01.svg" aria-label="Animated scoreline/)
    expect(player!.inner).toContain('<source src="/media/posts/wc2026-final-spain-argentina.mp4" type="video/mp4"/>')
    expect(player!.inner).toContain('<source src="/media/posts/wc2026-final-spain-argentina.360.mp4" type="video/mp4"/>')
    expect(player!.inner).toContain('<track kind="captions" src="/media/posts/wc2026-final-spain-argentina.en.vtt" srcLang="en" label="English" default=""/>')
    expect(player!.inner).toMatch(/<track kind="captions" src="\/media\/posts\/wc2026-final-spain-argentina.ar.vtt" srcLang="ar" label="العربية"\/>/)
    expect(body).toMatch(/<script type="module" async="" src="[^"]*"/)
  })

  it('turns on the captions in the page’s language', async () => {
    const { body } = await page(`/ar/news/${encodeURIComponent('إسبانيا-تهزم-الأرجنتين-وتتوج-بكأس-العالم-2026')}`)
    const [player] = players(body)
    expect(player!.props.title).toBe('النتيجة بالرسوم المتحركة: إسبانيا 1-0 الأرجنتين في نهائي مونديال 2026')
    expect(player!.inner).toMatch(/srcLang="ar" label="العربية" default=""/)
    expect(player!.inner).not.toMatch(/srcLang="en" label="English" default=""/)
  })

  it('offers an HLS stream first and the plain file after it', async () => {
    const { body } = await page(HLS_POST)
    const [player] = players(body)
    expect(player!.props.sources).toEqual([
      { src: '/media/posts/hls/cwc2025-al-hilal-manchester-city/index.m3u8', type: 'application/vnd.apple.mpegurl' },
      { src: '/media/posts/cwc2025-al-hilal-manchester-city.mp4', type: 'video/mp4', width: 1280, height: 720 },
    ])
    expect(player!.inner).toContain('data-kind="hls"')
    expect(player!.inner).toMatch(/<source src="\/media\/posts\/hls\/[^"]+index.m3u8" type="application\/vnd.apple.mpegurl"\/><source src="\/media\/posts\/cwc2025-al-hilal-manchester-city.mp4"/)
  })
})

describe('a post with audio', () => {
  it('renders the audio player in a box of its own height, woken by a touch since it has no poster', async () => {
    const { body } = await page(AUDIO_POST)
    const [player] = players(body)
    expect(player!.props).toMatchObject({ view: 'audio', sources: [{ src: '/media/posts/saudi-argentina-lusail-2022.mp3', type: 'audio/mpeg' }] })
    expect(player!.hydrate).toBe('interaction')
    expect(player!.inner).toMatch(/<div class="media-player" data-view="audio" data-kind="file">/)
    expect(player!.inner).toMatch(/<audio controls="" preload="metadata" aria-label="Listen: how Saudi Arabia beat Argentina/)
  })
})

describe('pages without media', () => {
  it.each(['/en/news/morocco-knock-out-netherlands-on-penalties-in-monterrey', '/ar/news', '/en', '/en/matches'])('%s has no player', async (path) => {
    const { res, body } = await page(path)
    expect(res.status).toBe(200)
    expect(body).not.toContain('media-player')
    expect(body).not.toContain('<video')
    expect(body).not.toContain('<audio')
  })
})

describe('the CSP per source kind', () => {
  const EMBEDDED = [
    ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'video/youtube'],
    ['vimeo', 'https://vimeo.com/76979871', 'video/vimeo'],
    ['broken', 'http://insecure.example/clip.mp4', 'video/mp4'],
  ] as const
  const title = { en: 'Embedded clip', ar: 'مقطع مضمن' }

  beforeAll(async () => {
    for (const [name, src, mime] of EMBEDDED) {
      const media = [{ type: 'video', src, mime, width: 640, height: 360, poster: '/media/posts/news-02.svg', title }]
      await sql()`
        insert into posts (kind, slug_en, slug_ar, title, summary, body, author, media, published_at, source_key)
        values ('caricature', ${`media-player-test-${name}`}, ${`اختبار-المشغل-${name}`}, ${sql().json(title)}, ${sql().json(title)},
          ${sql().json({ en: '<p>x</p>', ar: '<p>x</p>' })}, ${sql().json(title)}, ${sql().json(media)}, '2001-01-01', ${`tests/media-player-${name}`})
        on conflict (source_key) do update set media = excluded.media`
    }
  })

  afterAll(async () => {
    await sql()`delete from posts where source_key like 'tests/media-player-%'`
  })

  it('keeps YouTube and Vimeo out of pages that do not embed them', async () => {
    for (const path of [FINAL, HLS_POST, '/en/news']) {
      const { res } = await page(path)
      const policy = res.headers.get('content-security-policy')!
      expect(policy).not.toMatch(/youtube|ytimg|vimeo/)
      expect(directive(res, 'frame-src')).toEqual(["'self'"])
    }
  })

  it('lets a page with a YouTube video frame the no-cookie player and show its posters', async () => {
    const { res, body } = await page('/en/caricatures/media-player-test-youtube')
    expect(res.status).toBe(200)
    expect(directive(res, 'frame-src')).toEqual(["'self'", 'https://www.youtube-nocookie.com'])
    expect(directive(res, 'img-src')).toContain('https://i.ytimg.com')
    expect(directive(res, 'connect-src')).toContain('https://i.ytimg.com')
    expect(res.headers.get('content-security-policy')).not.toContain('vimeo')
    // Without JavaScript the video is a link to it on YouTube, over the poster.
    const [player] = players(body)
    expect(player!.props.sources).toEqual([{ src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', type: 'video/youtube' }])
    expect(player!.inner).toMatch(/<a class="media-player-link" href="https:\/\/www.youtube.com\/watch\?v=dQw4w9WgXcQ"[^>]*>/)
    expect(player!.inner).toContain('Watch “Embedded clip” on YouTube')
    expect(player!.inner).not.toContain('<video')
  })

  it('lets a page with a Vimeo video frame its player and look up its poster', async () => {
    const { res, body } = await page('/en/caricatures/media-player-test-vimeo')
    expect(directive(res, 'frame-src')).toEqual(["'self'", 'https://player.vimeo.com'])
    expect(directive(res, 'img-src')).toContain('https://i.vimeocdn.com')
    expect(directive(res, 'connect-src')).toContain('https://vimeo.com')
    expect(res.headers.get('content-security-policy')).not.toMatch(/youtube|ytimg/)
    expect(players(body)[0]!.inner).toContain('Watch “Embedded clip” on Vimeo')
  })

  it('shows "Invalid source format" for a source nothing can play, and widens nothing', async () => {
    const { res, body } = await page('/en/caricatures/media-player-test-broken')
    expect(res.status).toBe(200)
    const [player] = players(body)
    expect(player!.inner).toContain('<div class="media-player media-player-invalid" data-view="video" style="aspect-ratio:640 / 360"><p>Invalid source format</p></div>')
    expect(directive(res, 'frame-src')).toEqual(["'self'"])
  })
})

describe('a match page’s data', () => {
  it('carries the media of the posts about the match', async () => {
    const [final] = await sql()<{ id: number }[]>`
      select t.match_id::int as id from post_tags t join posts p on p.id = t.post_id join matches m on m.id = t.match_id
      where p.slug_en = 'spain-beat-argentina-to-win-2026-world-cup-final' and m.kickoff::date = '2026-07-19'`
    const data = await loadMatch(sql(), final!.id, 'en')
    expect(data!.media).toHaveLength(1)
    expect(data!.media[0]).toMatchObject({ type: 'video', src: '/media/posts/wc2026-final-spain-argentina.mp4', poster: '/media/posts/news-01.svg' })
  })

  it('has no media for a match no post with media is about', async () => {
    const [other] = await sql()<{ id: number }[]>`
      select m.id::int as id from matches m
      where not exists (select 1 from post_tags t join posts p on p.id = t.post_id where t.match_id = m.id and p.media <> '[]')
      limit 1`
    expect((await loadMatch(sql(), other!.id, 'en'))!.media).toEqual([])
  })
})
