// A live countdown for islands, on the pure maths of lib/countdown.ts.
import { useCallback, useEffect, useState } from 'react'
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
 * Seconds left until the target `resolveTarget` names (epoch ms), ticking every interval
 * (spec §9: 1000 ms). The target is resolved in the effect, on the browser's clock. Null
 * until the first tick: the server's render and the first render in the browser must match.
 */
function useTicker(resolveTarget: (() => number) | null, interval: number): number | null {
  const [seconds, setSeconds] = useState<number | null>(null)
  useEffect(() => {
    if (!resolveTarget) return
    const target = resolveTarget()
    let timer: ReturnType<typeof setTimeout>
    const tick = () => {
      const left = msUntil(target, Date.now())
      setSeconds(secondsLeft(left))
      if (left > 0) timer = setTimeout(tick, nextTickIn(left, interval))
    }
    timer = setTimeout(tick, 0)
    return () => clearTimeout(timer)
  }, [resolveTarget, interval])
  return seconds
}

/** Seconds left of `initialSeconds` counted from the page's arrival, and a way to start again. */
export function useCountdown(initialSeconds: number, interval = COUNTDOWN_INTERVAL_MS) {
  const [restarted, setRestarted] = useState<{ seconds: number; at: number } | null>(null)
  const resolve = useCallback(
    () => (restarted ? restarted.at + restarted.seconds * 1000 : Date.now() + initialSeconds * 1000 - msSincePageArrived()),
    [restarted, initialSeconds],
  )
  const seconds = useTicker(resolve, interval)
  return { seconds, restart: (next: number) => setRestarted({ seconds: next, at: Date.now() }) }
}
