// Every word vidstack's default layout shows, through Lingui, so the player speaks the
// page's language. The Record type makes a word the layout adds in a later release a type
// error here rather than an English word on an Arabic page.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DefaultLayoutTranslations, DefaultLayoutWord } from '@vidstack/react/player/layouts/default'

const WORDS: Record<DefaultLayoutWord, MessageDescriptor> = {
  Announcements: msg`Announcements`,
  Accessibility: msg`Accessibility`,
  AirPlay: msg`AirPlay`,
  Audio: msg`Audio`,
  Auto: msg`Auto`,
  Boost: msg`Boost`,
  Captions: msg`Captions`,
  'Caption Styles': msg`Caption styles`,
  'Captions look like this': msg`Captions look like this`,
  Chapters: msg`Chapters`,
  'Closed-Captions Off': msg`Captions off`,
  'Closed-Captions On': msg`Captions on`,
  Connected: msg`Connected`,
  Continue: msg`Continue`,
  Connecting: msg`Connecting`,
  Default: msg`Default`,
  Disabled: msg`Disabled`,
  Disconnected: msg`Disconnected`,
  'Display Background': msg`Display background`,
  Download: msg`Download`,
  'Enter Fullscreen': msg`Enter full screen`,
  'Enter PiP': msg`Enter picture-in-picture`,
  'Exit Fullscreen': msg`Exit full screen`,
  'Exit PiP': msg`Exit picture-in-picture`,
  Font: msg`Font`,
  Family: msg`Family`,
  Fullscreen: msg`Full screen`,
  'Google Cast': msg`Google Cast`,
  'Keyboard Animations': msg`Keyboard animations`,
  LIVE: msg`LIVE`,
  Loop: msg`Loop`,
  Mute: msg`Mute`,
  Normal: msg`Normal`,
  Off: msg`Off`,
  Pause: msg`Pause`,
  Play: msg`Play`,
  Playback: msg`Playback`,
  PiP: msg`Picture-in-picture`,
  Quality: msg`Quality`,
  Replay: msg`Replay`,
  Reset: msg`Reset`,
  'Seek Backward': msg`Seek backward`,
  'Seek Forward': msg`Seek forward`,
  Seek: msg`Seek`,
  Settings: msg`Settings`,
  'Skip To Live': msg`Skip to live`,
  Speed: msg`Speed`,
  Size: msg`Size`,
  Color: msg`Colour`,
  Opacity: msg`Opacity`,
  Shadow: msg`Shadow`,
  Text: msg`Text`,
  'Text Background': msg`Text background`,
  Track: msg`Track`,
  Unmute: msg`Unmute`,
  Volume: msg`Volume`,
}

/** The layout's `translations` in the i18n's locale. */
export function playerWords(i18n: I18n): DefaultLayoutTranslations {
  return Object.fromEntries(Object.entries(WORDS).map(([word, message]) => [word, i18n._(message)])) as DefaultLayoutTranslations
}
