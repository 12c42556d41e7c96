// The kinds of alert a reader can receive (issue 27, section 3). A follow chooses which of them
// it sends; a device's quiet hours name the ones still let through at night.
export const ALERT_KINDS = ['kick-off', 'team-sheets', 'goal', 'red-card', 'penalty-missed', 'half-time', 'full-time', 'correction', 'news'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]
