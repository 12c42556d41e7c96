// The island registry the server renders from. The browser never imports this file: the
// client entry globs ./*.tsx lazily, so each island is its own chunk. The live match parts
// are rendered here too, but their browser halves are plain DOM code (client/plain/).
import type { ComponentProps } from 'react'
import { MatchCommentary, MatchLineups, MatchScore, MatchStatus, MatchTimeline, StandingsLive } from '../live/live-parts.tsx'
import AuthForm from './auth-form.tsx'
import AuthResend from './auth-resend.tsx'
import AuthSignOut from './auth-sign-out.tsx'
import Captcha from './captcha.tsx'
import DeskAutosave from './desk-autosave.tsx'
import Follow from './follow.tsx'
import LiveConsole from './live-console.tsx'
import MediaPlayer from './media-player.tsx'
import ProfileAvatar from './profile-avatar.tsx'
import PushAlerts from './push-alerts.tsx'
import Rating from './rating.tsx'
import RichText from './rich-text.tsx'
import SearchModal from './search-modal.tsx'
import Share from './share.tsx'
import SocialSignIn from './social-sign-in.tsx'
import TagPicker from './tag-picker.tsx'
import Toaster from './toaster.tsx'

export const islands = {
  'auth-form': AuthForm,
  'auth-resend': AuthResend,
  'auth-sign-out': AuthSignOut,
  captcha: Captcha,
  'desk-autosave': DeskAutosave,
  follow: Follow,
  'live-console': LiveConsole,
  'match-commentary': MatchCommentary,
  'match-lineups': MatchLineups,
  'match-score': MatchScore,
  'match-status': MatchStatus,
  'match-timeline': MatchTimeline,
  'media-player': MediaPlayer,
  'profile-avatar': ProfileAvatar,
  'push-alerts': PushAlerts,
  rating: Rating,
  'rich-text': RichText,
  'search-modal': SearchModal,
  share: Share,
  'social-sign-in': SocialSignIn,
  'standings-live': StandingsLive,
  'tag-picker': TagPicker,
  toaster: Toaster,
}

export type IslandName = keyof typeof islands
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]>
