// "Get alerts on this device" (issue 27, section 3; decision 140): registers the service worker
// (public/sw.js), asks for the permission to notify, subscribes with the site's VAPID key and
// hands the subscription to the server with the device's language, its time zone and its quiet
// hours; or takes it all back. Only a signed-in reader's pages render it (My Hadaf and the
// profile), and it wakes at the first touch like a form: a page nobody touches runs nothing.
// Before that it shows the button to turn alerts on; once awake, the device's real state.
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { type FormEvent, useEffect, useState } from 'react'
import type { AlertKind } from '../../lib/alert-kinds.ts'
import { href } from '../../lib/links.ts'
import { CLOCK_TIME } from '../../lib/quiet-hours.ts'
import { DEFAULT_LOCALE, isLocale } from '../../lib/locales.ts'
import { decodeBase64url } from '../../lib/web-push-keys.ts'
import { showToast } from '../show-toast.ts'

/** The device as this browser tells it. `unknown`: not asked yet (the server's render, or asking). */
export type AlertsState = 'unknown' | 'unsupported' | 'install' | 'blocked' | 'off' | 'on'

const KEY_URL = '/api/v1/push/key'
// eslint-disable-next-line lingui/no-unlocalized-strings -- a media type, not words
const JSON_TYPE = 'application/json'
const APPLE_MOBILE = /iPad|iPhone|iPod/
/** What iPadOS calls itself, a Mac: only its touch screen tells it apart. */
const MAC = /Macintosh/
// eslint-disable-next-line lingui/no-unlocalized-strings -- a media query, not words
const STANDALONE = '(display-mode: standalone)'
/** The quiet hours the form offers first: the issue's own example, with kick-offs let through. */
const DEFAULT_QUIET: QuietChoice = { on: false, from: '00:00', to: '07:00', kickOff: true }
/** This device's last choice, kept here: the server has it too, but no call that reads it back. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a storage key, not words
const SETTINGS_KEY = 'hadaf:alerts'

interface QuietChoice {
  on: boolean
  from: string
  to: string
  /** Whether a followed match's kick-off still comes in the quiet hours. */
  kickOff: boolean
}

function storedQuiet(): QuietChoice {
  try {
    const stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null') as Partial<QuietChoice> | null
    if (stored && typeof stored.from === 'string' && CLOCK_TIME.test(stored.from) && typeof stored.to === 'string' && CLOCK_TIME.test(stored.to)) {
      return { on: stored.on === true, from: stored.from, to: stored.to, kickOff: stored.kickOff !== false }
    }
  } catch {
    // Storage refused or garbled: the defaults.
  }
  return DEFAULT_QUIET
}

function storeQuiet(choice: QuietChoice | null): void {
  try {
    if (choice) localStorage.setItem(SETTINGS_KEY, JSON.stringify(choice))
    else localStorage.removeItem(SETTINGS_KEY)
  } catch {
    // A browser that keeps nothing shows the defaults next time.
  }
}

/**
 * iOS and iPadOS push only to a site added to the Home Screen (Safari 16.4 and later); in the
 * browser tab they have no PushManager at all. iPadOS calls itself a Mac with a touch screen.
 */
function isAppleMobile(): boolean {
  return APPLE_MOBILE.test(navigator.userAgent) || (MAC.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
}

function isInstalled(): boolean {
  return matchMedia(STANDALONE).matches || (navigator as Navigator & { standalone?: boolean }).standalone === true
}

function canPush(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/** The device's state without asking the reader anything. */
async function currentState(): Promise<{ state: AlertsState; subscription: PushSubscription | null }> {
  if (!canPush()) return { state: isAppleMobile() && !isInstalled() ? 'install' : 'unsupported', subscription: null }
  if (Notification.permission === 'denied') return { state: 'blocked', subscription: null }
  const registration = await navigator.serviceWorker.getRegistration('/')
  const subscription = (await registration?.pushManager.getSubscription()) ?? null
  return { state: subscription && Notification.permission === 'granted' ? 'on' : 'off', subscription }
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i])

/** The site's public key as the push manager takes it. */
async function vapidKey(): Promise<Uint8Array<ArrayBuffer>> {
  const res = await fetch(KEY_URL, { headers: { accept: JSON_TYPE } })
  const body = (await res.json()) as { data?: { publicKey?: string } }
  const key = decodeBase64url(body.data?.publicKey ?? '')
  if (!res.ok || !key) throw new Error('no push key')
  return new Uint8Array(key)
}

/** This browser's subscription for the site's current key: a subscription made with an older key is replaced. */
async function subscribe(registration: ServiceWorkerRegistration): Promise<PushSubscription> {
  const key = await vapidKey()
  const existing = await registration.pushManager.getSubscription()
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing
  await existing?.unsubscribe()
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
}

interface Answer {
  status: number
  message?: string
}

async function call(url: string, method: 'POST' | 'DELETE', body: unknown): Promise<Answer> {
  try {
    const res = await fetch(url, { method, headers: { 'content-type': JSON_TYPE, accept: JSON_TYPE }, body: JSON.stringify(body) })
    const answer = (await res.json()) as { message?: string }
    return { status: res.status, message: answer.message }
  } catch {
    return { status: 0 }
  }
}

const NO_ANSWER = msg`We could not reach Hadaf. Please check your connection and try again.`
const NO_PUSH_SERVICE = msg`This browser could not reach its push service. Please try again later.`
const NOT_ALLOWED = msg`Alerts stay off: the browser was not allowed to show them.`

/** Takes no props: the key and the routes are the site's own. */
export default function PushAlerts() {
  const { i18n } = useLingui()
  const lang = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  const [state, setState] = useState<AlertsState>('unknown')
  const [busy, setBusy] = useState(false)
  const [quiet, setQuiet] = useState(DEFAULT_QUIET)

  useEffect(() => {
    currentState().then(
      ({ state }) => {
        if (state === 'on') setQuiet(storedQuiet())
        setState(state)
      },
      () => setState('unsupported'),
    )
  }, [])

  const fail = (message: string) => showToast({ type: 'error', message })

  async function turnOn(): Promise<void> {
    const permission = await Notification.requestPermission()
    if (permission !== 'granted') {
      setState(permission === 'denied' ? 'blocked' : 'off')
      return fail(i18n._(NOT_ALLOWED))
    }
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
    await navigator.serviceWorker.ready
    let subscription: PushSubscription
    try {
      subscription = await subscribe(registration)
    } catch {
      setState('off')
      return fail(i18n._(NO_PUSH_SERVICE))
    }
    const answer = await call(href(lang, 'pushSubscriptions'), 'POST', {
      ...subscription.toJSON(),
      lang,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      quiet: quiet.on ? { from: quiet.from, to: quiet.to, allow: quiet.kickOff ? (['kickoff'] satisfies AlertKind[]) : [] } : null,
    })
    if (answer.status === 200 || answer.status === 201) {
      storeQuiet(quiet)
      setState('on')
      return showToast({ type: 'success', message: answer.message ?? '' })
    }
    fail(answer.message ?? i18n._(NO_ANSWER))
  }

  async function turnOff(): Promise<void> {
    const { subscription } = await currentState()
    if (subscription) {
      // The server first: a device it still holds would go on being sent alerts nobody sees.
      const answer = await call(href(lang, 'pushSubscriptions'), 'DELETE', { endpoint: subscription.endpoint })
      if (answer.status !== 200 && answer.status !== 404) return fail(answer.message ?? i18n._(NO_ANSWER))
      await subscription.unsubscribe()
    }
    storeQuiet(null)
    setState('off')
    showToast({ type: 'success', message: i18n._(msg`Alerts are off on this device.`) })
  }

  async function act(work: () => Promise<void>): Promise<void> {
    if (busy) return
    setBusy(true)
    try {
      await work()
    } finally {
      setBusy(false)
    }
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    void act(turnOn)
  }

  const canChoose = state === 'unknown' || state === 'off' || state === 'on'
  return (
    <form className="push-alerts" onSubmit={submit} aria-busy={busy || undefined}>
      <p className="push-state" role="status">
        <StateSentence state={state} />
      </p>
      {canChoose ? (
        <>
          <fieldset className="push-quiet">
            <legend>
              <Trans>Quiet hours</Trans>
            </legend>
            <label>
              <input type="checkbox" checked={quiet.on} onChange={(event) => setQuiet({ ...quiet, on: event.currentTarget.checked })} />{' '}
              <Trans>No alerts at night on this device</Trans>
            </label>
            <span className="push-quiet-times">
              <label>
                <Trans>From</Trans>{' '}
                <input type="time" required value={quiet.from} disabled={!quiet.on} onChange={(event) => setQuiet({ ...quiet, from: event.currentTarget.value })} />
              </label>
              <label>
                <Trans>To</Trans>{' '}
                <input type="time" required value={quiet.to} disabled={!quiet.on} onChange={(event) => setQuiet({ ...quiet, to: event.currentTarget.value })} />
              </label>
            </span>
            <label>
              <input type="checkbox" checked={quiet.kickOff} disabled={!quiet.on} onChange={(event) => setQuiet({ ...quiet, kickOff: event.currentTarget.checked })} />{' '}
              <Trans>Still tell me when a match I follow kicks off</Trans>
            </label>
          </fieldset>
          <div className="push-actions">
            <button className="button" type="submit" disabled={busy}>
              {state === 'on' ? <Trans>Save these settings</Trans> : <Trans>Get alerts on this device</Trans>}
            </button>
            {state === 'on' ? (
              <button className="button button-quiet" type="button" disabled={busy} onClick={() => void act(turnOff)}>
                <Trans>Turn alerts off</Trans>
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </form>
  )
}

function StateSentence({ state }: { state: AlertsState }) {
  switch (state) {
    case 'unknown':
      return null
    case 'on':
      return <Trans>Alerts are on on this device.</Trans>
    case 'off':
      return <Trans>Alerts are off on this device.</Trans>
    case 'blocked':
      return <Trans>This browser blocks alerts from Hadaf. Allow notifications for this site in the browser’s settings, then come back.</Trans>
    case 'install':
      return <Trans>On an iPhone or iPad, add Hadaf to your Home Screen first (Share, then “Add to Home Screen”), open it from there and turn alerts on.</Trans>
    case 'unsupported':
      return <Trans>This browser cannot receive alerts. Try a recent Chrome, Edge, Firefox or Safari.</Trans>
  }
}
