// Sharing a page (issue 5; spec §5, §8, §9). Rendered on the server as plain links, one per
// network, that open in a new tab: that is all a reader without JavaScript needs. Once this
// island runs, a network opens in a 626×436 popup instead, and two buttons appear that only
// a script can work: copy the link, and the browser's own share sheet where it has one.
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import type { MouseEvent } from 'react'
import { popupFeatures, SHARE_NETWORKS, type ShareNetwork, shareUrl } from '../../lib/share.ts'
import { showToast } from '../show-toast.ts'
import { useBrowserFact, useHydrated } from '../use-hydrated.ts'

export interface ShareProps {
  /** The page's absolute address. */
  url: string
  /** The localized text that goes with it: the page's title and the site's name. */
  text: string
}

type Brand = 'Facebook' | 'X' | 'WhatsApp' | 'Telegram' | 'LinkedIn' | ''

// Brand names stay as they are in both languages; email is a word, translated below.
const NETWORK_NAMES: Record<ShareNetwork, Brand> = {
  facebook: 'Facebook',
  x: 'X',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  linkedin: 'LinkedIn',
  email: '',
}

const hasShareSheet = () => typeof navigator.share === 'function'

function LinkIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1" />
      <path d="M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" />
    </svg>
  )
}

export default function Share({ url, text }: ShareProps) {
  const { i18n } = useLingui()
  const enhanced = useHydrated()
  const canShare = useBrowserFact(hasShareSheet)

  function openPopup(event: MouseEvent<HTMLAnchorElement>): void {
    event.preventDefault()
    window.open(event.currentTarget.href, 'hadaf-share', popupFeatures(window))
  }

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(url)
      showToast({ type: 'success', message: i18n._(msg`The link has been copied.`) })
    } catch {
      showToast({ type: 'error', message: i18n._(msg`The link could not be copied. Please copy it from the address bar.`) })
    }
  }

  function shareNatively(): void {
    // Closing the sheet without choosing rejects the promise; there is nothing to say then.
    navigator.share({ title: text, url }).catch(() => undefined)
  }

  return (
    <section className="share" aria-labelledby="share-title">
      <h2 id="share-title" className="share-title">
        <Trans>Share</Trans>
      </h2>
      <ul className="share-list">
        {SHARE_NETWORKS.map((network) => (
          <li key={network}>
            <a
              className={`share-link share-${network}`}
              href={shareUrl(network, { url, text })}
              target="_blank"
              rel="noopener noreferrer"
              data-network={network}
              // A mail client is not a web page: mailto: keeps the browser's own handling.
              onClick={network === 'email' ? undefined : openPopup}
            >
              {network === 'email' ? <Trans>Email</Trans> : NETWORK_NAMES[network]}
            </a>
          </li>
        ))}
        {enhanced ? (
          <li>
            <button type="button" className="share-link share-copy" onClick={() => void copy()}>
              <LinkIcon />
              <Trans>Copy link</Trans>
            </button>
          </li>
        ) : null}
        {canShare ? (
          <li>
            <button type="button" className="share-link share-native" onClick={shareNatively}>
              <Trans>More options</Trans>
            </button>
          </li>
        ) : null}
      </ul>
    </section>
  )
}
