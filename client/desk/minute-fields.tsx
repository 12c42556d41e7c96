// The minute of an event or an entry of live text, with its added time (45+2), as the
// console's forms ask for it: typed as text, read as a whole number when sent.
import { Trans } from '@lingui/react/macro'

/** A whole number typed in a field, or null when it holds none. */
export const numberIn = (text: string): number | null => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null)

export function MinuteFields({
  id,
  minute,
  stoppage,
  onMinute,
  onStoppage,
}: {
  /** Prefix of the two fields' ids. */
  id: string
  minute: string
  stoppage: string
  onMinute: (value: string) => void
  onStoppage: (value: string) => void
}) {
  return (
    <div className="console-minute">
      <div className="form-field">
        <label htmlFor={`${id}-minute`}>
          <Trans>Minute</Trans>
        </label>
        <input id={`${id}-minute`} type="number" min={0} max={130} inputMode="numeric" value={minute} onChange={(e) => onMinute(e.target.value)} required />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-stoppage`}>
          <Trans>Added time</Trans>
        </label>
        <input id={`${id}-stoppage`} type="number" min={0} max={30} inputMode="numeric" value={stoppage} onChange={(e) => onStoppage(e.target.value)} />
      </div>
    </div>
  )
}
