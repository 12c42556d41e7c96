// The media player as a reader meets it: the browser's own player first (and for good without
// JavaScript), vidstack swapped into the same box once the player is in view, its controls by
// mouse and keyboard in English and Arabic, the remembered preferences read back within the
// spec's limits, an HLS stream through our own hls.js, an audio clip, and no player code on
// pages without media.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, openPage, withBrowser } from './browser.ts'

withBrowser()

const FINAL = {
  en: '/en/news/spain-beat-argentina-to-win-2026-world-cup-final',
  ar: `/ar/news/${encodeURIComponent('إسبانيا-تهزم-الأرجنتين-وتتوج-بكأس-العالم-2026')}`,
}
const HLS_POST = '/en/news/al-hilal-stun-manchester-city-4-3-at-club-world-cup'
const AUDIO_POST = '/en/articles/three-years-on-saudi-arabia-2-1-argentina-lusail'
const AUDIO_POST_AR = `/ar/articles/${encodeURIComponent('بعد-ثلاث-سنوات-السعودية-2-1-الأرجنتين-في-لوسيل')}`
const WIDE = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 800 }

const LABELS = {
  en: { play: 'Play', stop: 'Stop', mute: 'Mute', captions: 'Captions', settings: 'Settings', speed: 'Speed' },
  ar: { play: 'تشغيل', stop: 'إيقاف', mute: 'كتم الصوت', captions: 'الترجمة', settings: 'الإعدادات', speed: 'السرعة' },
}

/** Opens `path` and waits until vidstack has replaced the browser's player and can play. */
async function openPlayer(path: string, opts: { viewport?: { width: number; height: number }; storage?: object } = {}) {
  const opened = await openPage(opts.viewport ?? WIDE)
  const { page } = opened
  if (opts.storage) await page.addInitScript((saved) => localStorage.setItem('hadaf-player', saved), JSON.stringify(opts.storage))
  await page.goto(path)
  await page.locator('.media-player').first().scrollIntoViewIfNeeded()
  await page.locator('.media-player[data-ready] [data-media-player][data-can-play]').first().waitFor({ timeout: 15_000 })
  return opened
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
  const box = (await page.locator('.media-player').first().boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3)
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 3 + 5)
}

/** The pointer leaves the player and its tooltips fade out: axe then judges the page at rest. */
async function calm(page: Page) {
  await page.mouse.move(0, 0)
  await page.waitForFunction(() => [...document.querySelectorAll('.vds-tooltip-content')].every((tip) => getComputedStyle(tip).display === 'none'))
}

const media = (page: Page) => page.locator('.media-player video, .media-player audio').first()
const button = (page: Page, label: string) => page.locator(`.media-player button[aria-label="${label}"]`).first()
const state = (page: Page) =>
  media(page).evaluate((element: HTMLMediaElement) => ({
    paused: element.paused,
    time: element.currentTime,
    muted: element.muted,
    volume: element.volume,
    rate: element.playbackRate,
    src: element.currentSrc,
  }))

/** The figure's box and where the text after it starts: what a layout shift would move. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('.post-media-item')!.getBoundingClientRect()
    return { width: box.width, height: box.height, next: document.querySelector('.post-body')!.getBoundingClientRect().top + scrollY }
  })

describe.each(['en', 'ar'] as const)('a video post in %s', (lang) => {
  const words = LABELS[lang]

  it('swaps vidstack into the box the server reserved, without moving the page', async () => {
    const bare = await openPage(WIDE, undefined, { javaScriptEnabled: false })
    await bare.page.goto(FINAL[lang])
    const before = await layout(bare.page)
    await bare.close()
    const { page } = await openPlayer(FINAL[lang])
    expect(await layout(page)).toEqual(before)
    expect(before.height).toBeGreaterThan(before.width * 0.5)
  })

  it('plays, pauses and stops from its buttons', async () => {
    const { page } = await openPlayer(FINAL[lang])
    await press(page, words.mute)
    await press(page, words.play)
    await page.waitForFunction(() => (document.querySelector('.media-player video') as HTMLVideoElement).currentTime > 0.5)
    expect(await state(page)).toMatchObject({ paused: false, muted: true })
    // One toggle button, labelled "Play", pressed while the media plays.
    expect(await button(page, words.play).getAttribute('aria-pressed')).toBe('true')
    await press(page, words.play)
    const paused = await state(page)
    expect(paused.paused).toBe(true)
    await page.waitForTimeout(300)
    expect((await state(page)).time).toBe(paused.time)
    await press(page, words.stop)
    await page.waitForFunction(() => (document.querySelector('.media-player video') as HTMLVideoElement).currentTime === 0)
    expect((await state(page)).paused).toBe(true)
  })

  it('seeks where the reader clicks on the timeline', async () => {
    const { page } = await openPlayer(FINAL[lang])
    await showControls(page)
    const line = (await page.locator('.media-player .vds-time-slider').first().boundingBox())!
    // Three quarters along: media time runs left to right in both languages. The clip is
    // 8 s long, and the browser can only land there because the file is served by range.
    await page.mouse.click(line.x + line.width * 0.75, line.y + line.height / 2)
    await expect.poll(async () => (await state(page)).time).toBeGreaterThan(5)
  })

  it('stops a clip that has played to its end, ready to play from the start', async () => {
    const { page } = await openPlayer(FINAL[lang])
    const player = page.locator('[data-media-player]')
    await press(page, words.mute)
    await media(page).evaluate((element: HTMLMediaElement) => (element.currentTime = element.duration - 0.5))
    await press(page, words.play)
    await expect.poll(() => player.getAttribute('data-ended'), { timeout: 10_000 }).toBe('')
    await press(page, words.stop)
    // No replay button, and the clock back at the start with the picture.
    await expect.poll(() => player.getAttribute('data-ended')).toBeNull()
    expect(await state(page)).toMatchObject({ paused: true, time: 0 })
    expect(await page.locator('.media-player .vds-time[data-type="current"]').first().textContent()).toBe('0:00')
  })

  it('turns captions off and on, in the page’s language first', async () => {
    const { page } = await openPlayer(FINAL[lang])
    const player = page.locator('[data-media-player]')
    const captions = button(page, words.captions)
    await expect.poll(() => captions.getAttribute('aria-pressed')).toBe('true')
    expect(await player.getAttribute('data-captions')).toBe('')
    await press(page, words.captions)
    expect(await captions.getAttribute('aria-pressed')).toBe('false')
    expect(await player.getAttribute('data-captions')).toBeNull()
    await press(page, words.captions)
    expect(await player.getAttribute('data-captions')).toBe('')
    await press(page, words.settings)
    await expect.poll(() => page.getByRole('menuitem', { name: new RegExp(words.captions) }).textContent()).toContain(lang === 'ar' ? 'العربية' : 'English')
  })

  it('writes captions in their language’s direction, and everything in the site’s font', async () => {
    const { page } = await openPlayer(FINAL[lang])
    const cue = page.locator('.media-player [data-part="cue"]').first()
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

  it('offers speeds within the provider’s range and applies the one chosen', async () => {
    const { page } = await openPlayer(FINAL[lang])
    await press(page, words.settings)
    await page.getByRole('menuitem', { name: new RegExp(words.speed) }).click()
    const slider = page.getByRole('slider', { name: words.speed })
    // A file plays at 0.0625 to 16; the menu offers its usual steps within that.
    expect([await slider.getAttribute('aria-valuemin'), await slider.getAttribute('aria-valuemax')]).toEqual(['0.25', '4'])
    await slider.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(async () => (await state(page)).rate).toBe(1.25)
  })

  it('answers the keyboard once it has focus', async () => {
    const { page } = await openPlayer(FINAL[lang])
    await button(page, words.play).focus()
    await page.keyboard.press('m')
    await page.keyboard.press('k')
    await page.waitForFunction(() => (document.querySelector('.media-player video') as HTMLVideoElement).currentTime > 0.3)
    expect(await state(page)).toMatchObject({ paused: false, muted: true })
    await page.keyboard.press('k')
    expect((await state(page)).paused).toBe(true)
    await page.keyboard.press('c')
    expect(await page.locator('[data-media-player]').getAttribute('data-captions')).toBeNull()
  })

  it('lays its buttons out in the page’s direction while media time runs left to right', async () => {
    const { page } = await openPlayer(FINAL[lang])
    await showControls(page)
    const play = (await button(page, words.play).boundingBox())!
    const fullscreen = (await page.locator('.media-player .vds-fullscreen-button').boundingBox())!
    expect(play.x < fullscreen.x).toBe(lang === 'en')
    const direction = await page.locator('.media-player .vds-time-slider').evaluate((slider) => getComputedStyle(slider).direction)
    expect(direction).toBe('ltr')
    await calm(page)
    await expectAccessible(page)
  })
})

describe('remembered preferences', () => {
  it('clamp a stored volume to 0..1 and a stored speed to the provider’s range', async () => {
    const { page } = await openPlayer(FINAL.en, { storage: { volume: 7, rate: 40, muted: true } })
    await expect.poll(async () => (await state(page)).volume).toBe(1)
    expect((await state(page)).rate).toBe(16)
  })

  it('fall back to the nearest quality this video has', async () => {
    const near360 = await openPlayer(FINAL.en, { storage: { quality: { id: 'x', width: 854, height: 480 } } })
    await expect.poll(async () => (await state(near360.page)).src).toMatch(/wc2026-final-spain-argentina\.360\.mp4$/)
    await near360.close()
    const near720 = await openPlayer(FINAL.en, { storage: { quality: { id: 'y', width: 1920, height: 1080 } } })
    await expect.poll(async () => (await state(near720.page)).src).toMatch(/wc2026-final-spain-argentina\.mp4$/)
  })
})

describe('an HLS stream', () => {
  it('plays through our own hls.js, with its renditions as qualities', async () => {
    const opened = await openPage(WIDE)
    const { page } = opened
    const requests: string[] = []
    page.on('request', (request) => requests.push(new URL(request.url()).pathname))
    await page.goto(HLS_POST)
    await page.locator('.media-player').scrollIntoViewIfNeeded()
    await page.locator('.media-player[data-ready] [data-media-player][data-can-play]').waitFor({ timeout: 15_000 })
    expect(requests.some((path) => /\/assets\/hls\.light-[\w-]+\.js$/.test(path))).toBe(true)
    expect(requests.every((path) => path.startsWith('/'))).toBe(true)
    // Media Source Extensions: hls.js feeds the element, so its source is a blob.
    expect((await state(page)).src).toMatch(/^blob:/)
    await press(page, 'Settings')
    await page.getByRole('menuitem', { name: /Quality/ }).click()
    await page.getByRole('menuitemradio').first().waitFor()
    const qualities = (await page.getByRole('menuitemradio').allTextContents()).join(' ')
    expect(qualities).toContain('720p')
    expect(qualities).toContain('360p')
  })
})

describe('an audio post', () => {
  it('plays in a box of the height the server reserved', async () => {
    const bare = await openPage(WIDE, undefined, { javaScriptEnabled: false })
    await bare.page.goto(AUDIO_POST)
    const before = await layout(bare.page)
    expect(await bare.page.locator('.media-player audio source').getAttribute('src')).toBe('/media/posts/saudi-argentina-lusail-2022.mp3')
    await bare.close()
    const { page } = await openPlayer(AUDIO_POST)
    expect(await layout(page)).toEqual(before)
    await press(page, 'Mute')
    await press(page, 'Play')
    await page.waitForFunction(() => (document.querySelector('.media-player audio') as HTMLAudioElement).currentTime > 0.5)
    await calm(page)
    await expectAccessible(page)
  })
})

describe.each([
  ['en', AUDIO_POST],
  ['ar', AUDIO_POST_AR],
] as const)('an audio post on a phone in %s', (lang, path) => {
  it('keeps every control inside the box, its long title scrolling toward the line’s start', async () => {
    const { page } = await openPlayer(path, { viewport: PHONE })
    const { box, controls } = await page.evaluate(() => {
      const edges = (element: Element) => {
        const { left, right } = element.getBoundingClientRect()
        return { left, right }
      }
      const shown = [...document.querySelectorAll('.media-player .vds-audio-layout button')].filter((button) => button.getBoundingClientRect().width > 0)
      return { box: edges(document.querySelector('.media-player')!), controls: shown.map(edges) }
    })
    expect(controls.length).toBeGreaterThanOrEqual(5)
    for (const control of controls) {
      expect(control.left).toBeGreaterThanOrEqual(box.left)
      expect(control.right).toBeLessThanOrEqual(box.right)
    }
    // The pointer rests away from the title, which would pause it.
    const title = page.locator('.media-player .vds-marquee .vds-title-text').first()
    const x = () => title.evaluate((element) => element.getBoundingClientRect().x)
    const before = await x()
    if (lang === 'ar') await expect.poll(x).toBeGreaterThan(before + 10)
    else await expect.poll(x).toBeLessThan(before - 10)
  })
})

describe('pages without media', () => {
  it('load no player code', async () => {
    const { page } = await openPage(WIDE)
    const scripts: string[] = []
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname))
    await page.goto('/en/news/morocco-knock-out-netherlands-on-penalties-in-monterrey')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForTimeout(1500)
    expect(scripts.filter((path) => /media-player|player-view|vidstack|hls/.test(path))).toEqual([])
  })
})
