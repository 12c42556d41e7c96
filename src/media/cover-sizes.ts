// The widths covers are made at, and the srcset and sizes that let a browser pick one
// (decision 084). Pure: the upload makes the variants with coverWidths, pages describe them
// with coverSrcset and the `sizes` of the place the cover fills.

/**
 * A post card is about 18–24rem wide (288–384 px), the home page's lead story up to ~40rem,
 * and the post page's hero 46rem (736 px): 320 and 640 serve cards at 1× and 2×, 960 the
 * lead and a hero on a phone at 2–3×, 1280 a hero at about 2× on a wide screen.
 */
export const COVER_WIDTHS = [320, 640, 960, 1280] as const

/** The widest variant: an upload wider than this is never sent whole to a reader. */
export const MAX_COVER_WIDTH = COVER_WIDTHS[COVER_WIDTHS.length - 1]!

/**
 * The widths to make for an image `width` pixels wide: every cover width below it, and the
 * image's own width when it is narrower than the widest, so the set reaches its full
 * sharpness and nothing is ever enlarged.
 */
export function coverWidths(width: number): number[] {
  return width > MAX_COVER_WIDTH ? [...COVER_WIDTHS] : [...COVER_WIDTHS.filter((w) => w < width), width]
}

export interface CoverVariant {
  src: string
  width: number
  height: number
}

/** `src 320w, src 640w, …`, narrowest first, as the HTML srcset attribute reads it. */
export function coverSrcset(variants: readonly CoverVariant[]): string {
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.src} ${v.width}w`)
    .join(', ')
}

/** The variant for `src`: the widest, which a browser without srcset, and a feed reader, gets. */
export function widestVariant<T extends CoverVariant>(variants: readonly T[]): T | null {
  return variants.reduce<T | null>((best, v) => (!best || v.width > best.width ? v : best), null)
}

/**
 * How wide each place shows its cover, for `sizes`; from the CSS of each (the page is at
 * most 72rem wide, cards sit in a grid of columns at least 18rem wide, the post at most 46rem).
 */
export const COVER_SIZES = {
  card: '(min-width: 72rem) 23rem, (min-width: 40rem) 50vw, 100vw',
  related: '(min-width: 40rem) 16rem, 100vw',
  lead: '(min-width: 72rem) 40rem, (min-width: 48rem) 55vw, 100vw',
  hero: '(min-width: 48rem) 46rem, 100vw',
} as const

export type CoverPlace = keyof typeof COVER_SIZES
