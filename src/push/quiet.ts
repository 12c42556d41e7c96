// Whether a device takes an alert of a kind now (decision 133): always outside its quiet
// hours, and inside them only for the kinds the reader let through. The queue's consumer asks
// before it sends.
import type { AlertKind } from '../../lib/alert-kinds.ts'
import { isQuietAt } from '../../lib/quiet-hours.ts'
import type { PushDevice } from '../db/push-subscriptions.ts'

export function takesAlertNow(device: Pick<PushDevice, 'quiet' | 'timeZone'>, kind: AlertKind, now: Date): boolean {
  const { quiet, timeZone } = device
  return !quiet || quiet.allow.includes(kind) || !isQuietAt(now, quiet, timeZone)
}
