import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../lib/links.ts'
import { usePageRequest } from '../request-context.tsx'

export function Footer() {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <footer className="site-footer">
      <nav aria-label={t`Site information`}>
        <a href={href(lang, 'contact')}>
          <Trans>Contact us</Trans>
        </a>
        <a href={href(lang, 'privacy')}>
          <Trans>Privacy policy</Trans>
        </a>
        <a href={href(lang, 'terms')}>
          <Trans>Terms and conditions</Trans>
        </a>
      </nav>
      <p className="site-footer-note">
        <Trans>Match data: openfootball / football.db (CC0). Writing and illustrations: the Hadaf team.</Trans>
      </p>
    </footer>
  )
}
