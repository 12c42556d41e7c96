// The mails' inline styles (mail clients drop <style> blocks and stylesheets). Physical
// sides never appear, so the same styles serve both directions; the colours are the site's.
import type { CSSProperties } from 'react'

const INK = '#1f2937'
const BRAND = '#0a5c32'
const MUTED = '#4b5563'
const PAPER = '#f3f4f6'

export const MAIL_STYLES = {
  body: { margin: 0, padding: 0, backgroundColor: PAPER },
  card: {
    maxWidth: 560,
    margin: '0 auto',
    padding: 24,
    backgroundColor: '#ffffff',
    color: INK,
    fontFamily: 'Tahoma, Arial, sans-serif',
    fontSize: 16,
    lineHeight: 1.6,
  },
  brand: { margin: '0 0 16px', color: BRAND, fontSize: 22, fontWeight: 'bold' },
  heading: { margin: '0 0 16px', fontSize: 20 },
  paragraph: { margin: '0 0 16px' },
  code: { margin: '0 0 16px', fontSize: 32, fontWeight: 'bold', letterSpacing: 6, color: BRAND },
  link: { color: BRAND, fontWeight: 'bold' },
  quote: { margin: '0 0 16px', padding: 12, backgroundColor: PAPER, borderRadius: 4 },
  footer: { margin: '24px 0 0', paddingTop: 12, borderTop: '1px solid #e5e7eb', color: MUTED, fontSize: 14 },
} satisfies Record<string, CSSProperties>
