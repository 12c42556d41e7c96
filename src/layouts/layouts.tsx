// The four layouts, named for what they frame; the spec's names (§2) in brackets: the home
// page (default), public content pages (new), one card for sign-in and the profile form
// (auth), and the account sections (profile). Each renders the landmarks a screen-reader user
// expects: one banner, one navigation, one main, one contentinfo.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { href } from '../../lib/links.ts'
import { SignOut } from '../components/auth/sign-out.tsx'
import { Footer } from '../components/footer.tsx'
import { Brand, Header, LanguageSwitch, ThemeSwitch } from '../components/header.tsx'
import { usePageRequest } from '../request-context.tsx'

export function HomeLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <Header />
      <main id="main" className="layout-default">
        {children}
      </main>
      <Footer />
    </>
  )
}

export interface Crumb {
  label: string
  href?: string
}

/** Public pages: breadcrumbs, the page's heading, then its content. */
export function ContentLayout({ title, crumbs = [], children }: { title: ReactNode; crumbs?: Crumb[]; children: ReactNode }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <>
      <Header />
      <main id="main" className="layout-new">
        <nav className="breadcrumbs" aria-label={t`Breadcrumbs`}>
          <ol>
            <li>
              <a href={href(lang, 'home')}>
                <Trans>Home</Trans>
              </a>
            </li>
            {crumbs.map((crumb) => (
              <li key={crumb.label}>{crumb.href ? <a href={crumb.href}>{crumb.label}</a> : <span aria-current="page">{crumb.label}</span>}</li>
            ))}
          </ol>
        </nav>
        <h1 className="page-title">{title}</h1>
        {children}
      </main>
      <Footer />
    </>
  )
}

/** Sign-in screens: a quiet header, one centred card. */
export function CardLayout({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useLingui()
  return (
    <>
      <header className="site-header site-header-slim">
        <div className="site-header-bar">
          <Brand />
          <nav className="header-actions" aria-label={t`Preferences`}>
            <LanguageSwitch />
            <ThemeSwitch />
          </nav>
        </div>
      </header>
      <main id="main" className="layout-auth">
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title">{title}</h1>
          {children}
        </section>
      </main>
      <Footer />
    </>
  )
}

/** Account sections: a side menu beside the section's content. */
export function AccountLayout({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { lang, path } = usePageRequest()
  const { t } = useLingui()
  return (
    <>
      <Header />
      <main id="main" className="layout-profile">
        <nav className="profile-menu" aria-label={t`Account`}>
          <a href={href(lang, 'profile')} aria-current={path === href(lang, 'profile') ? 'page' : undefined}>
            <Trans>Profile</Trans>
          </a>
          <a href={href(lang, 'sessions')} aria-current={path === href(lang, 'sessions') ? 'page' : undefined}>
            <Trans>Signed-in devices</Trans>
          </a>
          <SignOut />
        </nav>
        <div className="profile-content">
          <h1 className="page-title">{title}</h1>
          {children}
        </div>
      </main>
      <Footer />
    </>
  )
}
