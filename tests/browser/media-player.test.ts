// The media player as a reader meets it: the browser's own player first (and for good without
// JavaScript), vidstack swapped into the same box once the player is in view, its controls by
// mouse and keyboard in English and Arabic, the remembered preferences read back within the
// spec's limits, an HLS stream through our own hls.js, an audio clip, and no player code on
// pages without media.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { expectAccessible, it } from './fixtures.ts'

const FINAL = {
  en: '/en/news/spain-beat-argentina-to-win-2026-world-cup-final',
  ar: `/ar/news/${encodeURIComponent('إسبانيا-تهزم-الأرجنتين-وتتوج-بكأس-العالم-2026')}`,
}
const HLS_POST = '/en/news/al-hilal-stun-manchester-city-4-3-at-club-world-cup'
const AUDIO_POST = '/en/articles/three-years-on-saudi-arabia-2-1-argentina-lusail'
const AUDIO_POST_AR = `/ar/articles/${encodeURIComponent('بعد-ثلاث-سنوات-السعودية-2-1-الأرجنتين-في-لوسيل')}`
const AUDIO_TITLE = {
  en: 'Listen: how Saudi Arabia beat Argentina in Lusail (narrated in English)',
  ar: 'استمع: كيف فازت السعودية على الأرجنتين في لوسيل (بصوت إنجليزي)',
}
const WIDE = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 800 }

const LABELS = {
  en: { play: 'Play', stop: 'Stop', mute: 'Mute', captions: 'Captions', settings: 'Settings', speed: 'Speed', seek: 'Seek', fullscreen: 'Full screen', rating: 'Rate this post' },
  ar: { play: 'تشغيل', stop: 'إيقاف', mute: 'كتم الصوت', captions: 'الترجمة', settings: 'الإعدادات', speed: 'السرعة', seek: 'التنقل', fullscreen: 'ملء الشاشة', rating: 'قيّم هذا المنشور' },
}

/** Vidstack's player, a region named for what it plays ("Video player: …", "مشغل الصوت: …"). */
const player = (page: Page) => page.getByRole('region', { name: /^(Video|Audio) player: |^مشغل (الفيديو|الصوت): / }).first()

/**
 * Vidstack has replaced the browser's player (our wrapper's data-ready) and can play
 * (vidstack's data-can-play): states it keeps only in these attributes.
 */
const READY = '.media-player[data-ready] [data-media-player][data-can-play]'

/** Goes to `path` and waits until vidstack has replaced the browser's player and can play. */
async function goToPlayer(page: Page, path: string, { storage }: { storage?: object } = {}) {
  if (storage) await page.addInitScript((saved) => localStorage.setItem('hadaf-player', saved), JSON.stringify(storage))
  await page.goto(path)
  const figure = page.getByRole('figure').first()
  await figure.scrollIntoViewIfNeeded()
  // A player with a poster wakes in view; one without, at the reader's first touch.
  await figure.hover()
  await page.locator(READY).first().waitFor({ timeout: 15_000 })
}

/**
 * Clicks the player's button labelled `label`. Vidstack hides its controls while media plays
 * and the pointer rests, so the pointer first moves over the player, as a reader's would.
 */
async function press(page: Page, label: string) {
  await showControls(page)
  await button(page, label).click()
}

async function showControls(page: Page) {
  const box = (await player(page).boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3)
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 3 + 5)
}

/** The pointer leaves the player and its tooltips fade out: axe then judges the page at rest. */
async function calm(page: Page) {
  await page.mouse.move(0, 0)
  const tooltips = page.getByRole('tooltip', { includeHidden: true })
  await expect.poll(() => tooltips.evaluateAll((tips) => tips.every((tip) => getComputedStyle(tip).display === 'none')), { timeout: 10_000 }).toBe(true)
}

/** The media element itself (no role of its own): its state is what the buttons change. */
const media = (page: Page) => page.locator('.media-player video, .media-player audio').first()
const button = (page: Page, label: string) => player(page).getByRole('button', { name: label, exact: true })
const state = (page: Page) =>
  media(page).evaluate((element: HTMLMediaElement) => ({
    paused: element.paused,
    time: element.currentTime,
    muted: element.muted,
    volume: element.volume,
    rate: element.playbackRate,
    src: element.currentSrc,
  }))

/** Waits until the media has played past `seconds`. */
async function playedPast(page: Page, seconds: number) {
  await expect.poll(async () => (await state(page)).time, { timeout: 20_000 }).toBeGreaterThan(seconds)
}

/**
 * The figure's box and where the rating below it starts (in the document): what a layout
 * shift would move.
 */
async function layout(page: Page, lang: 'en' | 'ar') {
  const box = (await page.getByRole('figure').first().boundingBox())!
  const next = await page.getByRole('region', { name: LABELS[lang].rating }).evaluate((element) => element.getBoundingClientRect().top + scrollY)
  return { width: box.width, height: box.height, next }
}

describe.each(['en', 'ar'] as const)('a video post in %s', (lang) => {
  const words = LABELS[lang]

  it('swaps vidstack into the box the server reserved, without moving the page', async ({ openPage }) => {
    const bare = await openPage({ viewport: WIDE, javaScriptEnabled: false })
    await bare.page.goto(FINAL[lang])
    const before = await layout(bare.page, lang)
    await bare.close()
    const { page } = await openPage({ viewport: WIDE })
    await goToPlayer(page, FINAL[lang])
    expect(await layout(page, lang)).toEqual(before)
    expect(before.height).toBeGreaterThan(before.width * 0.5)
  })

  it('plays, pauses and stops from its buttons', async ({ openPage }) => {
    const { page } = await openPage({ viewport: WIDE })
    await goToPlayer(page, FINAL[lang])
    await press(page, words.mute)
    await press(page, words.play)
    await playedPast(page, 0.5)
    expect(await state(page)).toMatchObject({ paused: false, muted: true })
    // One toggle button, labelled "Play", pressed while the media plays.
    expect(await button(page, words.play).getAttribute('aria-pressed')).toBe('true')
    await press(page, words.play)
    const paused = await state(page)
    expect(paused.paused).toBe(true)
    await page.waitForTimeout(300)
    expect((await state(page)).time).toBe(paused.time)
    await press(page, words.stop)
    await expect.poll(async () => (await state(page)).time, { timeout: 10_000 }).toBe(0)
    expect((await state(page)).paused).toBe(true)
  })

  it('seeks where the reader clicks on the timeline', async ({ openPage }) => {
    const { page } = await openPage({ viewport: WIDE })
    await goToPlayer(page, FINAL[lang])
    await showControls(page)
    const line = (await player(page).getByRole('slider', { name: words.seek }).boundingBox())!
    // Three quarters along: media time runs left to right in both languages. The clip is
    // 8 s long, and the browser can only land there because the file is served by range.
    await page.mouse.click(line.x + line.width * 0.75, line.y + line.height / 2)
    await expect.poll(async () => (await state(page)).time).toBeGreaterThan(5)
  })

  it('stops a clip that has played to its end, ready to play from the start', async ({ openPage }) => {
    const { page } = await openPage({ viewport: WIDE })
    await goToPlayer(page, FINAL[lang])
    await press(page, words.mute)
    await media(page).evaluate((element: HTMLMediaElement) => (element.currentTime = element.duration - 0.5))
    await press(page, words.play)
    // Vidstack keeps whether the media has ended in data-ended on the player.
    await expect.poll(() => player(page).getAttribute('data-ended'), { timeout: 10_000 }).toBe('')
    await press(page, words.stop)
    // No replay button, and the clock back at the start with the picture.
    await expect.poll(() => player(page).getAttribute('data-ended')).toBeNull()
    expect(await state(page)).toMatchObject({ paused: true, time: 0 })
    // The clock is plain text with no role; vidstack marks the time played as data-type="current".
    expect(await player(page).locator('.vds-time[data-type="current"]').first().textContent()).toBe('0:00')
  })

  it('turns captions off and on, in the page’s language first', async ({ openPage }) => {
    const { page } = await openPage({ viewport: WIDE })
    await goToPlayer(page, FINAL[lang])
    const captions = button(page, words.captions)
    await expect.poll(() => captions.getAttribute('aria-pressed')).toBe('true')
    // Whether captions show is vidstack's data-captions on the player, which its styles key on.
    expect(await player(page).getAttribute('data-captions')).toBe('')
    await press(page, words.captions)
    expect(await captions.getAttribute('aria-pressed')).toBe('false')
    expect(await player(page).getAttribute('data-captions')).toBeNull()
    await press(page, words.captions)
    expect(await player(page).getAttribute('data-captions')).toBe('')
    await press(page, words.settings)
    await expect.poll(() => page.getByRole('menuitem', { name: new RegExp(words.captions) }).textContent()).toContain(lang === 'ar' ? 'العربية' : 'English')
  })

  it('writes captions in their language’s direction, and everything in the site’s font', async ({ openPage }) => {
    const { page } = await openPage({ viewport: WIDE })
    await goToPlayer(page, FINAL[lang])
    // A cue is drawn text with no role (vidstack's data-part="cue"): its layout and font are under test.
    const cue = player(page).locator('[data-part="cue"]').first()
    await cue.waitFor()
    // Where the cue's first and last characters land: an Arabic cue starts at the right.
    const ends = await cue.evaluate((element) => {
      const text = element.firstChild as Text
      const x = (index: number) => {
        const range = document.createRange()
        range.setStart(text, index)
        range.setEnd(text, index + 1)
        return range.getBoundingClientRect().x
      }
      return { first: x(0), last: x(text.length - 1) }
    })
    if (lang === 'ar') expect(ends.first).toBeGreaterThan(ends.last)
    else expect(ends.first).toBeLessThan(ends.last)
    const font = (element: Element) => getComputedStyle(element).fontFamily
    expect(await cue.evaluate(font)).toContain('Cairo')
    await press(page, words.settings)
    expect(await page.getByRole('menuitem', { name: new RegExp(words.speed) }).evaluate(font)).toContain('Cairo')
  })

  it('offers speeds within the provider’s range and applies the one chosen', async ({ openPage }) => {
    const { page } = await openPage({ viewport: WIDE })
    await goToPlayer(page, FINAL[lang])
    await press(page, words.settings)
    await page.getByRole('menuitem', { name: new RegExp(words.speed) }).click()
    const slider = page.getByRole('slider', { name: words.speed })
    // A file plays at 0.0625 to 16; the menu offers its usual steps within that.
    expect([await slider.getAttribute('aria-valuemin'), await slider.getAttribute('aria-valuemax')]).toEqual(['0.25', '4'])
    await slider.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(async () => (await state(page)).rate).toBe(1.25)
  })

  it('answers the keyboard once it has focus', async ({ openPage }) => {
    const { page } = await openPage({ viewport: WIDE })
    await goToPlayer(page, FINAL[lang])
    await button(page, words.play).focus()
    await page.keyboard.press('m')
    await page.keyboard.press('k')
    await playedPast(page, 0.3)
    expect(await state(page)).toMatchObject({ paused: false, muted: true })
    await page.keyboard.press('k')
    expect((await state(page)).paused).toBe(true)
    await page.keyboard.press('c')
    expect(await player(page).getAttribute('data-captions')).toBeNull()
  })

  it('lays its buttons out in the page’s direction while media time runs left to right', async ({ openPage }) => {
    const { page } = await openPage({ viewport: WIDE })
    await goToPlayer(page, FINAL[lang])
    await showControls(page)
    const play = (await button(page, words.play).boundingBox())!
    const fullscreen = (await button(page, words.fullscreen).boundingBox())!
    expect(play.x < fullscreen.x).toBe(lang === 'en')
    const direction = await player(page).getByRole('slider', { name: words.seek }).evaluate((slider) => getComputedStyle(slider).direction)
    expect(direction).toBe('ltr')
    await calm(page)
    await expectAccessible(page)
  })
})

describe('remembered preferences', () => {
  it('clamp a stored volume to 0..1 and a stored speed to the provider’s range', async ({ openPage }) => {
    const { page } = await openPage({ viewport: WIDE })
    await goToPlayer(page, FINAL.en, { storage: { volume: 7, rate: 40, muted: true } })
    await expect.poll(async () => (await state(page)).volume).toBe(1)
    expect((await state(page)).rate).toBe(16)
  })

  it('fall back to the nearest quality this video has', async ({ openPage }) => {
    const near360 = await openPage({ viewport: WIDE })
    await goToPlayer(near360.page, FINAL.en, { storage: { quality: { id: 'x', width: 854, height: 480 } } })
    await expect.poll(async () => (await state(near360.page)).src).toMatch(/wc2026-final-spain-argentina\.360\.mp4$/)
    await near360.close()
    const near720 = await openPage({ viewport: WIDE })
    await goToPlayer(near720.page, FINAL.en, { storage: { quality: { id: 'y', width: 1920, height: 1080 } } })
    await expect.poll(async () => (await state(near720.page)).src).toMatch(/wc2026-final-spain-argentina\.mp4$/)
  })
})

describe('an HLS stream', () => {
  // Playing segments takes real seconds; with the PostgreSQL tier beside it, 30 were once too few.
  it('plays through our own hls.js, with its renditions as qualities', { timeout: 60_000 }, async ({ openPage }) => {
    const { page } = await openPage({ viewport: WIDE })
    const requests: string[] = []
    page.on('request', (request) => requests.push(new URL(request.url()).pathname))
    await goToPlayer(page, HLS_POST)
    expect(requests.some((path) => /\/assets\/hls\.light-[\w-]+\.js$/.test(path))).toBe(true)
    expect(requests.every((path) => path.startsWith('/'))).toBe(true)
    // Media Source Extensions: hls.js feeds the element, so its source is a blob.
    expect((await state(page)).src).toMatch(/^blob:/)
    // About one run in five, no Settings button comes (issue 33): a failure names the buttons there were.
    const labels = () => player(page).getByRole('button', { includeHidden: true }).evaluateAll((all) => all.map((b) => b.getAttribute('aria-label') ?? b.textContent))
    await expect.poll(labels, { timeout: 20_000 }).toContain(LABELS.en.settings)
    await press(page, LABELS.en.settings)
    await page.getByRole('menuitem', { name: /Quality/ }).click()
    await page.getByRole('menuitemradio').first().waitFor()
    const qualities = (await page.getByRole('menuitemradio').allTextContents()).join(' ')
    expect(qualities).toContain('720p')
    expect(qualities).toContain('360p')
  })
})

describe('an audio post', () => {
  it('plays in a box of the height the server reserved', async ({ openPage }) => {
    const bare = await openPage({ viewport: WIDE, javaScriptEnabled: false })
    await bare.page.goto(AUDIO_POST)
    const before = await layout(bare.page, 'en')
    // The browser's own player, before any script: its <source> is the markup under test.
    expect(await bare.page.getByRole('figure').locator('audio source').getAttribute('src')).toBe('/media/posts/saudi-argentina-lusail-2022.mp3')
    await bare.close()
    const { page } = await openPage({ viewport: WIDE })
    await goToPlayer(page, AUDIO_POST)
    expect(await layout(page, 'en')).toEqual(before)
    await press(page, LABELS.en.mute)
    await press(page, LABELS.en.play)
    await playedPast(page, 0.5)
    await calm(page)
    await expectAccessible(page)
  })
})

describe.each([
  ['en', AUDIO_POST],
  ['ar', AUDIO_POST_AR],
] as const)('an audio post on a phone in %s', (lang, path) => {
  it('keeps every control inside the box, its long title scrolling toward the line’s start', async ({ openPage }) => {
    const { page } = await openPage({ viewport: PHONE })
    await goToPlayer(page, path)
    const box = await player(page).evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect)
    const buttons = await player(page).getByRole('button', { includeHidden: true }).evaluateAll((all) => all.map((button) => button.getBoundingClientRect().toJSON() as DOMRect))
    const controls = buttons.filter((control) => control.width > 0)
    expect(controls.length).toBeGreaterThanOrEqual(5)
    for (const control of controls) {
      expect(control.left).toBeGreaterThanOrEqual(box.left)
      expect(control.right).toBeLessThanOrEqual(box.right)
    }
    // The pointer rests away from the title, which would pause it.
    const title = player(page).getByText(AUDIO_TITLE[lang]).first()
    const x = () => title.evaluate((element) => element.getBoundingClientRect().x)
    const before = await x()
    if (lang === 'ar') await expect.poll(x).toBeGreaterThan(before + 10)
    else await expect.poll(x).toBeLessThan(before - 10)
  })
})

describe('pages without media', () => {
  it('load no player code', async ({ openPage }) => {
    const { page } = await openPage({ viewport: WIDE })
    const scripts: string[] = []
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname))
    await page.goto('/en/news/morocco-knock-out-netherlands-on-penalties-in-monterrey')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForTimeout(1500)
    expect(scripts.filter((path) => /media-player|player-view|vidstack|hls/.test(path))).toEqual([])
  })
})
