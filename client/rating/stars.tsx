// A row of stars filled to a value, whole or half (lib/rating.ts's starFill). A half star
// is filled from the inline start, so it is mirrored in Arabic like the row itself.
import type { CSSProperties, MouseEvent } from 'react'
import { RATING_DEFAULTS, starFill } from '../../lib/rating.ts'

function Star({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z" />
    </svg>
  )
}

interface StarsProps {
  value: number
  stars?: number
  size?: number
  /** Star `index` (0-based) was clicked in its first (`half`) or second half, in reading order. */
  onPick?: (index: number, half: boolean) => void
}

/** Which half of a star a click fell in, measured from the inline start: right to left in Arabic. */
function inFirstHalf(event: MouseEvent<HTMLElement>): boolean {
  const box = event.currentTarget.getBoundingClientRect()
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
  const fromStart = rtl ? box.right - event.clientX : event.clientX - box.left
  return fromStart < box.width / 2
}

export function Stars({ value, stars = RATING_DEFAULTS.stars, size = RATING_DEFAULTS.starSize, onPick }: StarsProps) {
  return (
    <span className="stars" style={{ '--star-size': `${size}px` } as CSSProperties}>
      {Array.from({ length: stars }, (_, index) => {
        const fill = starFill(value, index)
        return (
          <span
            key={index}
            className="star"
            data-fill={fill}
            data-star={index + 1}
            onClick={onPick ? (event) => onPick(index, inFirstHalf(event)) : undefined}
          >
            <Star size={size} />
            <span className="star-fill">
              <Star size={size} />
            </span>
          </span>
        )
      })}
    </span>
  )
}
