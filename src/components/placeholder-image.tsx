// The spec's three image placeholders (§2), standing in wherever an image is missing.
const PLACEHOLDERS = {
  avatar: { src: '/images/placeholders/avatar.svg', width: 96, height: 96 },
  generic: { src: '/images/placeholders/generic.svg', width: 320, height: 180 },
  analytics: { src: '/images/placeholders/analytics.svg', width: 320, height: 180 },
} as const

export type PlaceholderKind = keyof typeof PLACEHOLDERS

interface ImageProps {
  src?: string | null
  alt: string
  placeholder: PlaceholderKind
  width?: number
  height?: number
  className?: string
  /** Below-the-fold images load lazily; the first screen's do not. */
  lazy?: boolean
  /** A library cover's WebP widths, and how wide the place shows it (src/media/cover-sizes.ts). */
  srcSet?: string | undefined
  sizes?: string | undefined
}

/** An image with fixed dimensions (no layout shift) that falls back to its placeholder. */
export function Image({ src, alt, placeholder, width, height, className, lazy = true, srcSet, sizes }: ImageProps) {
  const fallback = PLACEHOLDERS[placeholder]
  return (
    <img
      src={src || fallback.src}
      srcSet={src ? srcSet : undefined}
      sizes={src && srcSet ? sizes : undefined}
      alt={alt}
      width={width ?? fallback.width}
      height={height ?? fallback.height}
      className={className}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
    />
  )
}
