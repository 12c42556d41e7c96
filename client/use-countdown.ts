// A live countdown for islands, on the pure maths of lib/countdown.ts.
import { useEffect, useState } from 'react'
import { COUNTDOWN_INTERVAL_MS, msUntil, nextTickIn, secondsLeft } from '../lib/countdown.ts'

/**
 * The server's "this many seconds" is counted from when its page arrived, not from when
 * the island woke up, which may be a few seconds later.
 */
function msSincePageArrived(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  return navigation ? Math.max(0, performance.now() - navigation.responseStart) : 0
}

/**
 * Seconds left of `initialSeconds`, ticking every interval (spec §9: 1000 ms), and a way to
 * start again. Null until the first tick: the server's render and the first render in the
 * browser must match, and only the browser's clock counts.
 */
export function useCountdown(initialSeconds: number, interval = COUNTDOWN_INTERVAL_MS) {
  const [restarted, setRestarted] = useState<{ seconds: number; at: number } | null>(null)
  const [seconds, setSeconds] = useState<number | null>(null)

  useEffect(() => {
    const target = restarted ? restarted.at + restarted.seconds * 1000 : Date.now() + initialSeconds * 1000 - msSincePageArrived()
    let timer: ReturnType<typeof setTimeout>
    const tick = () => {
      const left = msUntil(target, Date.now())
      setSeconds(secondsLeft(left))
      if (left > 0) timer = setTimeout(tick, nextTickIn(left, interval))
    }
    timer = setTimeout(tick, 0)
    return () => clearTimeout(timer)
  }, [initialSeconds, restarted, interval])

  return { seconds, restart: (next: number) => setRestarted({ seconds: next, at: Date.now() }) }
}
