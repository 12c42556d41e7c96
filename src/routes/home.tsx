import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Hono } from 'hono'
import { href } from '../../lib/links.ts'
import { Image } from '../components/placeholder-image.tsx'
import { DefaultLayout } from '../layouts/layouts.tsx'
import { renderPage } from '../render.tsx'
import { usePageRequest } from '../request-context.tsx'
import type { AppEnv } from '../types.ts'

export const home = new Hono<AppEnv>()

const DESCRIPTION = msg`Hadaf: football news, matches, tables, analysis and caricatures in Arabic and English.`

function HomePage() {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <DefaultLayout>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-text">
          <h1 id="hero-title">
            <Trans>Football, in Arabic first</Trans>
          </h1>
          <p>
            <Trans>Matches, tables, clubs and players, with news, analysis and caricatures from the Hadaf team.</Trans>
          </p>
          <p className="hero-links">
            <a className="button" href={href(lang, 'matches')}>
              <Trans>Today's matches</Trans>
            </a>
            <a className="button button-quiet" href={href(lang, 'posts', { section: 'news' })}>
              <Trans>Latest news</Trans>
            </a>
          </p>
        </div>
        <Image placeholder="generic" alt={t`A football pitch`} lazy={false} width={640} height={360} className="hero-image" />
      </section>
    </DefaultLayout>
  )
}

home.get('/', (c) => renderPage(c, <HomePage />, { title: '', description: c.var.i18n._(DESCRIPTION) }))

/** The older home page's address keeps working for old links and bookmarks. */
home.get('/index-old', (c) => c.redirect(href(c.var.lang, 'home'), 301))
