// Every route of spec §2 in both languages, with its layout and access rule. The football
// pages' content is tested on real data in football.test.ts.
import { describe, expect, it } from 'vitest'
import { fetchPage, insertUserWithSession } from './helpers.ts'

interface Screen {
  path: string
  layout: 'layout-default' | 'layout-new' | 'layout-auth' | 'layout-profile'
  title: { ar: string; en: string }
}

const OPEN: Screen[] = [
  { path: '', layout: 'layout-default', title: { ar: 'هدف', en: 'Hadaf' } },
  { path: '/leagues', layout: 'layout-new', title: { ar: 'الدوريات والكؤوس — هدف', en: 'Leagues and cups — Hadaf' } },
  { path: '/matches?date=2024-05-19', layout: 'layout-new', title: { ar: 'المباريات — الأحد، 19 مايو 2024 — هدف', en: 'Matches — Sunday, May 19, 2024 — Hadaf' } },
  { path: '/news', layout: 'layout-new', title: { ar: 'الأخبار — هدف', en: 'News — Hadaf' } },
  { path: '/articles', layout: 'layout-new', title: { ar: 'مقالات — هدف', en: 'Articles — Hadaf' } },
  { path: '/analytics', layout: 'layout-new', title: { ar: 'تحليلات — هدف', en: 'Analytics — Hadaf' } },
  { path: '/caricatures', layout: 'layout-new', title: { ar: 'كاريكاتير — هدف', en: 'Caricatures — Hadaf' } },
  { path: '/search', layout: 'layout-new', title: { ar: 'بحث — هدف', en: 'Search — Hadaf' } },
  { path: '/contact-us', layout: 'layout-new', title: { ar: 'اتصل بنا — هدف', en: 'Contact us — Hadaf' } },
  { path: '/privacy-policy', layout: 'layout-new', title: { ar: 'سياسة الخصوصية — هدف', en: 'Privacy policy — Hadaf' } },
  { path: '/terms-conditions', layout: 'layout-new', title: { ar: 'شروط الاستخدام — هدف', en: 'Terms of use — Hadaf' } },
]

const GUEST_ONLY: Screen[] = [
  { path: '/login', layout: 'layout-auth', title: { ar: 'تسجيل الدخول — هدف', en: 'Sign in — Hadaf' } },
  { path: '/sign-up', layout: 'layout-auth', title: { ar: 'إنشاء حساب — هدف', en: 'Create an account — Hadaf' } },
  { path: '/rest-password', layout: 'layout-auth', title: { ar: 'إعادة تعيين كلمة المرور — هدف', en: 'Reset your password — Hadaf' } },
]

const SIGNED_IN_ONLY: Screen[] = [
  { path: '/profile', layout: 'layout-auth', title: { ar: 'ملفك الشخصي — هدف', en: 'Your profile — Hadaf' } },
  { path: '/profile/sessions', layout: 'layout-profile', title: { ar: 'الأجهزة المسجَّل دخولها — هدف', en: 'Signed-in devices — Hadaf' } },
]

async function expectScreen(lang: 'ar' | 'en', screen: Screen, init?: RequestInit) {
  const res = await fetchPage(`/${lang}${screen.path}`, init)
  expect(res.status, screen.path).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
  const body = await res.text()
  expect(body).toMatch(/^<!DOCTYPE html>/)
  expect(body).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`)
  expect(body).toContain(`<title>${screen.title[lang]}</title>`)
  expect(body).toContain(`<main id="main" class="${screen.layout}"`)
  expect(body).toContain('<header class="site-header')
  expect(body).toContain('<footer class="site-footer">')
}

describe.each(['ar', 'en'] as const)('in %s', (lang) => {
  it.each(OPEN)('opens $path to everyone', (screen) => expectScreen(lang, screen))

  it.each(GUEST_ONLY)('opens $path to a guest', (screen) => expectScreen(lang, screen))

  it.each(SIGNED_IN_ONLY)('opens $path to a signed-in reader', async (screen) => {
    const user = await insertUserWithSession()
    await expectScreen(lang, screen, { headers: { cookie: user.cookie } })
  })

  it('moves the older home page to the home page for good', async () => {
    const res = await fetchPage(`/${lang}/index-old`)
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe(`/${lang}`)
  })

  it('renders the header navigation, the footer links and the language switch', async () => {
    const body = await (await fetchPage(`/${lang}/news`)).text()
    for (const path of ['/matches', '/leagues', '/news', '/articles', '/analytics', '/caricatures', '/search', '/profile']) {
      expect(body).toContain(`href="/${lang}${path}"`)
    }
    for (const path of ['/contact-us', '/privacy-policy', '/terms-conditions']) {
      expect(body).toContain(`href="/${lang}${path}"`)
    }
    const other = lang === 'ar' ? 'en' : 'ar'
    expect(body).toContain(`href="/lang/${other}?next=%2F${lang}%2Fnews"`)
    expect(body).toContain('<a href="/' + lang + '/news" aria-current="page">')
  })

  it('uses the avatar placeholder on the profile of a reader without a photo', async () => {
    const user = await insertUserWithSession({ name: 'سالم الدوسري' })
    const body = await (await fetchPage(`/${lang}/profile`, { headers: { cookie: user.cookie } })).text()
    expect(body).toContain('src="/images/placeholders/avatar.svg"')
    expect(body).toContain('<bdi>سالم الدوسري</bdi>')
  })
})
