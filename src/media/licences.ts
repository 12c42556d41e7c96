// The licences a library item may be used under (decision 085). A short list the desk picks
// from, so a page can name each in the reader's language and nothing unclear gets in: what a
// staff member made, the Creative Commons licences that allow a news site's use, an agency's
// subscription, and a rights holder's permission.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const LICENCES = ['own', 'cc-by-4.0', 'cc-by-sa-4.0', 'cc0', 'agency', 'permission'] as const
export type Licence = (typeof LICENCES)[number]

export const LICENCE_NAMES: Record<Licence, MessageDescriptor> = {
  own: msg`Our own`,
  'cc-by-4.0': msg`CC BY 4.0`,
  'cc-by-sa-4.0': msg`CC BY-SA 4.0`,
  cc0: msg`CC0 (public domain)`,
  agency: msg`Agency licence`,
  permission: msg`Used with permission`,
}
