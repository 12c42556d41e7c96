import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { href, withQuery } from '../../lib/links.ts'
import { LOCALE_CONFIG, otherLocale } from '../../lib/locales.ts'
import { usePageRequest } from '../request-context.tsx'
import { GlobeIcon, MoonIcon, PinIcon, StarIcon, SunIcon, UserIcon } from '../../lib/icons.tsx'
import { countryName } from '../../lib/countries.ts'
import { Island } from './island.tsx'

export function Brand() {
  const { lang } = usePageRequest()
  return (
    <a className="brand" href={href(lang, 'home')}>
      <img src="/logo.svg" alt="" width="36" height="36" />
      <span className="brand-name">{LOCALE_CONFIG[lang].siteName}</span>
    </a>
  )
}

/** Keeps the current page and sets the `lang` cookie on the way (see routes/preferences.ts). */
export function LanguageSwitch() {
  const { lang, path } = usePageRequest()
  const to = otherLocale(lang)
  return (
    <a className="header-action" href={`/lang/${to}?next=${encodeURIComponent(path)}`} hrefLang={to} lang={to}>
      <GlobeIcon />
      <span>{LOCALE_CONFIG[to].nativeName}</span>
    </a>
  )
}

/**
 * Works without JavaScript: a form that saves the choice in a cookie. Both buttons are
 * rendered; the stylesheet shows the one that switches away from the theme in effect,
 * which only the browser knows while the visitor follows the system setting.
 */
export function ThemeSwitch() {
  const { path } = usePageRequest()
  const { t } = useLingui()
  return (
    <form className="theme-switch" method="post" action="/theme">
      <input type="hidden" name="next" value={path} />
      <button className="header-action theme-to-dark" name="theme" value="dark" title={t`Dark theme`}>
        <MoonIcon />
        <span className="visually-hidden">
          <Trans>Switch to the dark theme</Trans>
        </span>
      </button>
      <button className="header-action theme-to-light" name="theme" value="light" title={t`Light theme`}>
        <SunIcon />
        <span className="visually-hidden">
          <Trans>Switch to the light theme</Trans>
        </span>
      </button>
    </form>
  )
}

/** The way to the country picker, on every page: a link, so that no page carries the 249 names but the picker's own. */
function CountrySwitch() {
  const { lang, path, country } = usePageRequest()
  const { t } = useLingui()
  const name = country ? countryName(country, lang) : undefined
  return (
    <a className="header-action" href={withQuery(href(lang, 'country'), { next: path })} aria-label={name ? t`Your country: ${name}` : t`Country`}>
      <PinIcon />
      <span className="header-action-label">{name ?? <Trans>Country</Trans>}</span>
    </a>
  )
}

function NavLink({ to, children }: { to: string; children: React.ReactNode }) {
  const { path } = usePageRequest()
  const current = path === to || path.startsWith(`${to}/`) || path.startsWith(`${to}?`)
  return (
    <a href={to} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  )
}

/** A header entry with an icon and a label, the label shown only on wide screens (the aria-label names it on narrow ones). */
function LabelledAction({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <a className="header-action" href={to} aria-label={label}>
      {icon}
      <span className="header-action-label">{label}</span>
    </a>
  )
}

export function Header() {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <header className="site-header">
      <div className="site-header-bar">
        <Brand />
        <div className="header-actions">
          {/* A link to the search page; with JavaScript, the modal (hydrated only when wanted). */}
          <Island name="search-modal" props={{ lang, searchPath: href(lang, 'search') }} hydrate="interaction" wake="/ mod+k" />
          <LanguageSwitch />
          <CountrySwitch />
          <ThemeSwitch />
          <LabelledAction to={href(lang, 'my')} icon={<StarIcon />} label={t`My Hadaf`} />
          <LabelledAction to={href(lang, 'profile')} icon={<UserIcon />} label={t`My account`} />
        </div>
      </div>
      <nav className="site-nav" aria-label={t`Main`}>
        <NavLink to={href(lang, 'matches')}>
          <Trans>Matches</Trans>
        </NavLink>
        <NavLink to={href(lang, 'leagues')}>
          <Trans>Leagues</Trans>
        </NavLink>
        <NavLink to={href(lang, 'posts', { section: 'news' })}>
          <Trans>News</Trans>
        </NavLink>
        <NavLink to={href(lang, 'posts', { section: 'articles' })}>
          <Trans>Articles</Trans>
        </NavLink>
        <NavLink to={href(lang, 'posts', { section: 'analytics' })}>
          <Trans>Analytics</Trans>
        </NavLink>
        <NavLink to={href(lang, 'posts', { section: 'caricatures' })}>
          <Trans>Caricatures</Trans>
        </NavLink>
      </nav>
    </header>
  )
}
