// Share links (spec §5, §8, §9), shared by the server, which renders them as plain links for
// visitors without JavaScript, and the share island, which opens them in a popup.

export const SHARE_NETWORKS = ['facebook', 'x', 'whatsapp', 'telegram', 'linkedin', 'email'] as const
export type ShareNetwork = (typeof SHARE_NETWORKS)[number]

/** Spec §9: the share popup's default size. */
export const SHARE_POPUP = { width: 626, height: 436 } as const

export interface ShareTarget {
  /** The page's absolute address. */
  url: string
  /** The localized text that goes with it (the page's title). */
  text: string
}

const BUILDERS: Record<ShareNetwork, (target: ShareTarget) => string> = {
  facebook: ({ url }) => `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}`,
  x: ({ url, text }) => `https://x.com/intent/tweet?${query({ text, url })}`,
  whatsapp: ({ url, text }) => `https://wa.me/?${query({ text: `${text} ${url}` })}`,
  telegram: ({ url, text }) => `https://t.me/share/url?${query({ url, text })}`,
  linkedin: ({ url }) => `https://www.linkedin.com/sharing/share-offsite/?${query({ url })}`,
  // Spaces as %20, not +: mail clients show a + literally in the subject.
  email: ({ url, text }) => `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(`${text}\n${url}`)}`,
}

function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString()
}

export function isShareNetwork(name: string): name is ShareNetwork {
  return (SHARE_NETWORKS as readonly string[]).includes(name)
}

/** The network's share address for the target; spec §8: an unknown network is an error. */
export function shareUrl(network: string, target: ShareTarget): string {
  if (!isShareNetwork(network)) throw new Error(`Network ${network} does not exist`)
  return BUILDERS[network](target)
}

/**
 * window.open features for the popup: the spec's size, centred on the window it opens from
 * (screen coordinates, which are the same whatever the page's direction).
 */
export function popupFeatures(opener: { screenX: number; screenY: number; outerWidth: number; outerHeight: number }): string {
  const { width, height } = SHARE_POPUP
  const x = Math.max(0, Math.round(opener.screenX + (opener.outerWidth - width) / 2))
  const y = Math.max(0, Math.round(opener.screenY + (opener.outerHeight - height) / 2))
  return `width=${width},height=${height},left=${x},top=${y},noopener,noreferrer`
}
