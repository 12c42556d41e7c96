// The newsroom's own layout (issue 15): a working screen, not a reader's page. A slim header
// with the way back to the site, a menu of the desk's sections the account's role may use,
// and the section. The same landmarks as the public layouts: banner, navigation, main.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { href, type RouteName } from '../../lib/links.ts'
import { hasRole } from '../auth/roles.ts'
import { SignOut } from '../components/auth/sign-out.tsx'
import { Brand, LanguageSwitch, ThemeSwitch } from '../components/header.tsx'
import type { Role } from '../db/users.ts'
import { usePageRequest } from '../request-context.tsx'

interface Section {
  route: RouteName & `desk${string}`
  role: Role
  label: ReactNode
}

function useSections(): Section[] {
  return [
    { route: 'desk', role: 'contributor', label: <Trans>Overview</Trans> },
    { route: 'deskPosts', role: 'contributor', label: <Trans>Posts</Trans> },
    { route: 'deskPostNew', role: 'contributor', label: <Trans>New post</Trans> },
    { route: 'deskMedia', role: 'contributor', label: <Trans>Media library</Trans> },
    { route: 'deskMatches', role: 'editor', label: <Trans>Live desk</Trans> },
    { route: 'deskRounds', role: 'editor', label: <Trans>Where to watch</Trans> },
    { route: 'deskChannels', role: 'editor', label: <Trans>Channels</Trans> },
    { route: 'deskCompetitions', role: 'editor', label: <Trans>Competitions</Trans> },
    { route: 'deskCompetitionOrder', role: 'editor', label: <Trans>Order of competitions</Trans> },
    { route: 'deskSeasons', role: 'editor', label: <Trans>Seasons</Trans> },
    { route: 'deskClubs', role: 'editor', label: <Trans>Clubs</Trans> },
    { route: 'deskPlayers', role: 'editor', label: <Trans>Players</Trans> },
    { route: 'deskDeductions', role: 'editor', label: <Trans>Points deductions</Trans> },
    { route: 'deskConflicts', role: 'editor', label: <Trans>Import conflicts</Trans> },
    { route: 'deskData', role: 'editor', label: <Trans>Data status</Trans> },
    { route: 'deskInbox', role: 'editor', label: <Trans>Inbox</Trans> },
    { route: 'deskUsers', role: 'admin', label: <Trans>Users</Trans> },
    { route: 'deskAudit', role: 'admin', label: <Trans>Audit log</Trans> },
  ]
}

/** The section a path belongs to: the longest desk link it starts with. */
function currentSection(path: string, links: string[]): string | undefined {
  const bare = path.split('?')[0] ?? path
  return links.filter((link) => bare === link || bare.startsWith(`${link}/`)).sort((a, b) => b.length - a.length)[0]
}

export function DeskLayout({ title, role, children }: { title: ReactNode; role: Role; children: ReactNode }) {
  const { lang, path } = usePageRequest()
  const { t } = useLingui()
  const sections = useSections().filter((section) => hasRole({ role }, section.role))
  const links = sections.map((section) => href(lang, section.route as 'desk'))
  const current = currentSection(path, links)
  return (
    <>
      <header className="site-header site-header-slim desk-header">
        <div className="site-header-bar">
          <Brand />
          <span className="desk-badge">
            <Trans>Newsroom</Trans>
          </span>
          <nav className="header-actions" aria-label={t`Preferences`}>
            <a className="header-action" href={href(lang, 'home')}>
              <Trans>View the site</Trans>
            </a>
            <LanguageSwitch />
            <ThemeSwitch />
          </nav>
        </div>
      </header>
      <div className="layout-desk">
        <nav className="desk-menu" aria-label={t`Newsroom`}>
          {sections.map((section, i) => (
            <a key={section.route} href={links[i]} aria-current={links[i] === current ? 'page' : undefined}>
              {section.label}
            </a>
          ))}
          <SignOut />
        </nav>
        <main id="main" className="desk-main">
          <h1 className="page-title">{title}</h1>
          {children}
        </main>
      </div>
    </>
  )
}
