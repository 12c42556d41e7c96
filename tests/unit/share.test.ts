import { describe, expect, it } from 'vitest'
import { popupFeatures, SHARE_NETWORKS, shareUrl } from '../../lib/share.ts'

const TARGET = { url: 'https://hadaf.example/ar/news/الهلال-يفوز?x=1&y=2', text: 'الهلال يفوز 2–1 & يتصدر' }

describe('share links (spec §5, §8, §9)', () => {
  it('build each network address with the page and its localized text encoded', () => {
    const encodedUrl = encodeURIComponent(TARGET.url)
    expect(shareUrl('facebook', TARGET)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`)
    expect(shareUrl('linkedin', TARGET)).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`)
    for (const network of ['x', 'telegram', 'whatsapp'] as const) {
      const params = new URL(shareUrl(network, TARGET)).searchParams
      expect(params.get('text'), network).toContain(TARGET.text)
      expect(`${params.get('url') ?? ''}${params.get('text') ?? ''}`, network).toContain(TARGET.url)
    }
  })

  it('writes an email with the text as the subject and the address in the body, spaces as %20', () => {
    const mail = shareUrl('email', TARGET)
    expect(mail.startsWith('mailto:?subject=')).toBe(true)
    expect(mail).not.toContain('+')
    const params = new URLSearchParams(mail.slice('mailto:?'.length))
    expect(params.get('subject')).toBe(TARGET.text)
    expect(params.get('body')).toBe(`${TARGET.text}\n${TARGET.url}`)
  })

  it('throws "Network {name} does not exist" for an unknown network', () => {
    expect(() => shareUrl('myspace', TARGET)).toThrow('Network myspace does not exist')
    expect(() => shareUrl('__proto__', TARGET)).toThrow('Network __proto__ does not exist')
  })

  it('covers every network it lists', () => {
    for (const network of SHARE_NETWORKS) expect(() => shareUrl(network, TARGET)).not.toThrow()
  })

  it('opens a 626×436 popup centred on the window it came from', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1280, outerHeight: 800 })).toBe(
      'width=626,height=436,left=427,top=232,noopener,noreferrer',
    )
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 400, outerHeight: 300 })).toContain('left=0,top=0')
  })
})
