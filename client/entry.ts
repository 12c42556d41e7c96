// Finds the island markers the server rendered and hydrates each with its own chunk,
// when its strategy says: at once, when the browser is idle, when it scrolls into view,
// or on the first interaction. Only the page's locale catalog is fetched.
async function hydrate(marker: HTMLElement): Promise<void> {
  const { hydrate } = await import('./hydrate.tsx')
  return hydrate(marker)
}

const INTERACTION_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const

function schedule(marker: HTMLElement): void {
  const run = () => void hydrate(marker)
  switch (marker.dataset.hydrate) {
    case 'load':
      return run()
    case 'visible': {
      // Markers are display: contents and have no box of their own; watch their content.
      const target = marker.firstElementChild ?? marker
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect()
          run()
        }
      })
      return observer.observe(target)
    }
    case 'interaction': {
      const once = () => {
        for (const type of INTERACTION_EVENTS) marker.removeEventListener(type, once)
        run()
      }
      for (const type of INTERACTION_EVENTS) marker.addEventListener(type, once, { passive: true })
      return
    }
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
