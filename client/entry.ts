// Finds the island markers the server rendered and hydrates each with its own chunk,
// when its strategy says: at once, when the browser is idle, when the reader scrolls it into
// view, on the first interaction, or along with the page's other islands. React itself comes
// with the first chunk, so a page nobody touches loads only this entry (issue 14).
// Only the page's locale catalog is fetched. The live match parts wake without React: their
// browser halves in ./plain/ draw with the DOM (decision 075).
import { WAKE_EVENT } from './island-wake.ts'
import { TOAST_EVENT } from './show-toast.ts'
import { isTyping } from './typing.ts'

type PlainIsland = { default: (marker: HTMLElement, props: never) => void }
const plainIslands = import.meta.glob<PlainIsland>('./plain/*.ts')

async function hydrate(marker: HTMLElement): Promise<void> {
  const { hydrate } = await import('./hydrate.tsx')
  return hydrate(marker)
}

function plainIsland(marker: HTMLElement): (() => Promise<PlainIsland>) | undefined {
  return plainIslands[`./plain/${marker.dataset.island}.ts`]
}

async function wakePlain(marker: HTMLElement, load: () => Promise<PlainIsland>): Promise<void> {
  const { default: wake } = await load()
  wake(marker, JSON.parse(marker.dataset.props ?? '{}') as never)
}

const INTERACTION_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const

/** `shortcut` is a bare key ("/"), ignored while the visitor types in a field, or "mod+k" (Ctrl or ⌘). */
function matchesShortcut(event: KeyboardEvent, shortcut: string): boolean {
  if (event.defaultPrevented || event.repeat || event.altKey) return false
  const [modifier, key] = shortcut.startsWith('mod+') ? [true, shortcut.slice(4)] : [false, shortcut]
  if (modifier) return (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === key
  return !isTyping(event.target) && !event.ctrlKey && !event.metaKey && event.key === key
}

/**
 * An island can ask to be woken by keyboard shortcuts and by a plain click on it
 * (data-wake="/ mod+k"), from the first moment, before its code has arrived: the entry
 * holds the key's or click's default, marks the marker data-woken, fires WAKE_EVENT on it
 * and hydrates. The island acts on both (client/island-wake.ts `whenWoken`).
 */
function listenForWake(marker: HTMLElement, run: () => void): void {
  const shortcuts = marker.dataset.wake?.split(' ') ?? []
  const wake = (event: Event) => {
    event.preventDefault()
    marker.dataset.woken = ''
    marker.dispatchEvent(new Event(WAKE_EVENT))
    run()
  }
  document.addEventListener('keydown', (event) => {
    if (shortcuts.some((shortcut) => matchesShortcut(event, shortcut))) wake(event)
  })
  marker.addEventListener('click', (event) => {
    // A modified or middle click keeps its meaning (a new tab for a link).
    if (event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey) wake(event)
  })
}

/** Runs `run` at the first pointer over, focus or touch inside `area`. */
function wakeOnTouch(area: HTMLElement, run: () => void): void {
  const once = () => {
    for (const type of INTERACTION_EVENTS) area.removeEventListener(type, once)
    run()
  }
  for (const type of INTERACTION_EVENTS) area.addEventListener(type, once, { passive: true })
}

/**
 * Runs `run` at the reader's first scroll. A scroll event that moves nothing down the page
 * does not count: an Arabic page on a phone gets one while its layout settles, and
 * Lighthouse's full-page screenshot sent the player's 190 KB into the measured load.
 */
function whenScrolled(run: () => void): void {
  const startY = window.scrollY
  const onScroll = () => {
    if (window.scrollY === startY) return
    window.removeEventListener('scroll', onScroll)
    run()
  }
  window.addEventListener('scroll', onScroll, { passive: true })
}

/** Runs `run` once the marker's content is in the viewport. */
function whenInView(marker: HTMLElement, run: () => void): void {
  // Markers are display: contents and have no box of their own; watch their content.
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) {
      observer.disconnect()
      run()
    }
  })
  observer.observe(marker.firstElementChild ?? marker)
}

function schedule(marker: HTMLElement): void {
  let started = false
  const plain = plainIsland(marker)
  const run = () => {
    if (started) return
    started = true
    if (plain) return void wakePlain(marker, plain)
    void hydrate(marker)
  }
  if (marker.dataset.wake !== undefined) listenForWake(marker, run)
  switch (marker.dataset.hydrate) {
    case 'load':
      return run()
    case 'visible':
      // Scrolled into view by the reader, not merely in view at load: a page nobody scrolls
      // or touches runs nothing (issue 14). A touch wakes it as well.
      wakeOnTouch(marker, run)
      return whenScrolled(() => whenInView(marker, run))
    case 'interaction':
      // An island in a form (the fields, the captcha) wakes at the first touch of the form.
      return wakeOnTouch(marker.closest('form') ?? marker, run)
    case 'toast':
      // The toaster with nothing queued by the server: at the first toast an island raises.
      return document.addEventListener(TOAST_EVENT, run, { once: true })
    default:
      if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 })
      else setTimeout(run, 200)
  }
}

function start(): void {
  for (const marker of document.querySelectorAll<HTMLElement>('[data-island]')) schedule(marker)
}

// The script is async, so it may run while the streamed page is still arriving.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true })
else start()
