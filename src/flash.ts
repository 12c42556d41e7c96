// Toasts that survive a redirect (epic-stack's redirectWithToast): the server stores a
// message key in a short-lived cookie, and the next page renders it in the Toaster.
// Keys, not text, travel in the cookie, so the toast is worded in the page's language.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Context } from 'hono'
import { MAX_FOLLOWS } from '../lib/follows.ts'
import { TOAST_TYPES, type ToastMessage, type ToastType } from '../lib/toast.ts'
import { setFlashCookie, takeFlashCookie } from './http/cookies.ts'
import type { AppEnv } from './types.ts'

const FLASH_MESSAGES = {
  accountDeleted: msg`Your account has been deleted.`,
  alreadySignedIn: msg`You are already signed in.`,
  avatarRemoved: msg`Your photo has been removed.`,
  avatarUpdated: msg`Your photo has been updated.`,
  codeResent: msg`A new code is on its way.`,
  codeSent: msg`We have sent a code to your email.`,
  contactSent: msg`Thank you: your message has reached the Hadaf team.`,
  deskSaved: msg`Your changes have been saved.`,
  // The desk's people screens (src/routes/desk/inbox.tsx, accounts.tsx).
  deskMessageMarked: msg`The message has been marked.`,
  deskReplySent: msg`Your reply has been sent.`,
  deskRoleChanged: msg`The role has been changed.`,
  deskSessionEnded: msg`The session has been ended.`,
  deskSessionsEnded: msg`Every session of the account has been ended.`,
  // The desk's football corrections (src/routes/desk/football.tsx).
  deskNothingChanged: msg`Nothing was changed.`,
  deskClubsMerged: msg`The clubs have been merged.`,
  deskDeductionRecorded: msg`The deduction has been recorded.`,
  deskConflictSettled: msg`The conflict has been settled.`,
  // Football no source carries (src/routes/desk/seasons.tsx).
  deskCreated: msg`It has been created.`,
  // The data status screen (src/routes/desk/data.tsx).
  deskTeamMapped: msg`The team has been mapped and its fixtures imported.`,
  deskClubCreated: msg`The club has been created and its fixtures imported.`,
  // Where to watch (src/routes/desk/channels.tsx).
  deskChannelAdded: msg`The channel has been added.`,
  deskBroadcastsSaved: msg`Where to watch has been saved.`,
  deskRoundCopied: msg`The channel is on every match of the round.`,
  deskOrderSaved: msg`The order of the competitions was saved.`,
  // Competitions (src/routes/desk/competitions.tsx).
  deskCompetitionCreated: msg`The competition has been created.`,
  deviceSignedOut: msg`That device has been signed out.`,
  emailChangeCancelled: msg`Your email address stays as it was.`,
  emailChanged: msg`Your email address has been changed.`,
  emailCodeSent: msg`We have sent a code to your new email address.`,
  emailTaken: msg`This email address belongs to another account.`,
  emailStepEnded: msg`There is no change of email waiting for a code. Please start again.`,
  followed: msg`You now follow this.`,
  followAlertsSaved: msg`Your alerts have been saved.`,
  followLimit: msg`You can follow at most ${MAX_FOLLOWS} clubs, players, competitions and matches. Please unfollow one first.`,
  unfollowed: msg`You no longer follow this.`,
  mediaSaved: msg`The media item has been saved.`,
  mediaUploaded: msg`The file has been added to the library.`,
  postCreated: msg`The draft has been saved.`,
  postPublished: msg`The post has been published.`,
  postScheduled: msg`The post will be published at the time set.`,
  postSubmitted: msg`The post has been sent for review.`,
  postUnpublished: msg`The post has been taken down and is a draft again.`,
  revisionRestored: msg`The revision has been restored as a new revision.`,
  passwordChanged: msg`Your password has been changed. Please sign in with it.`,
  passwordUpdated: msg`Your password has been changed. Your other devices have been signed out.`,
  profileSaved: msg`Your profile has been saved.`,
  ratingInvalid: msg`Please choose a rating from 0 to 5 in steps of 0.5.`,
  ratingRemoved: msg`Your rating has been removed.`,
  ratingSaved: msg`Your rating has been saved.`,
  scoreRevealed: msg`The score is shown.`,
  resetCodeSent: msg`If an account uses this address, we have sent it a code.`,
  signedIn: msg`Signed in successfully.`,
  signedOut: msg`You have signed out.`,
  sessionEnded: msg`Your session has ended. Please sign in again.`,
  sessionNotFound: msg`There is no such session on your account.`,
  signInRequired: msg`Please sign in to see that page.`,
  signInToFollow: msg`Please sign in to follow.`,
  signInToRate: msg`Please sign in to rate.`,
  stepExpired: msg`This step has expired. Please start again.`,
} satisfies Record<string, MessageDescriptor>

export type FlashKey = keyof typeof FLASH_MESSAGES

export interface Flash {
  type: ToastType
  key: FlashKey
}

/** Queues a toast for the next page this browser opens. */
export function setFlash(c: Context<AppEnv>, flash: Flash): void {
  setFlashCookie(c, `${flash.type}.${flash.key}`)
}

export function redirectWithToast(c: Context<AppEnv>, location: string, flash: Flash, status: 302 | 303 = 302) {
  setFlash(c, flash)
  return c.redirect(location, status)
}

/** Reads and clears the flash cookie; unknown or tampered values are dropped. */
export function takeFlashToast(c: Context<AppEnv>): ToastMessage | undefined {
  const raw = takeFlashCookie(c)
  if (!raw) return undefined
  const [type, key] = raw.split('.')
  const toastType = TOAST_TYPES.find((t) => t === type)
  if (!toastType || !key || !Object.hasOwn(FLASH_MESSAGES, key)) return undefined
  return { type: toastType, message: c.var.i18n._(FLASH_MESSAGES[key as FlashKey]) }
}
