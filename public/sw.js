// Hadaf's service worker (issue 27, section 3): shows the alerts the worker pushes (the
// AlertData of src/push/send.ts: kind, title, body, url, lang, topic) and opens the page an
// alert is about when it is tapped. The topic (one per match) is the notification's tag, so a
// newer alert of a match replaces the one still on screen, and renotify makes the newer one
// sound again rather than change in silence. It caches nothing: pages are the edge cache's to keep. Served from
// the root, so its scope is the whole site; the CSP's worker-src 'self' allows it.
'use strict'

const ICON = '/icons/icon-192.png'

/** The alert a push carries, or null when it carries none this worker can read. */
function alertOf(event) {
  try {
    const data = event.data ? event.data.json() : null
    return data && typeof data.title === 'string' ? data : null
  } catch {
    return null
  }
}

/** A path on this site: an alert never sends a reader elsewhere. */
function pageOf(url) {
  try {
    const page = new URL(url, self.location.origin)
    return page.origin === self.location.origin ? page.href : self.location.origin + '/'
  } catch {
    return self.location.origin + '/'
  }
}

self.addEventListener('push', (event) => {
  const alert = alertOf(event)
  // A push must show something (userVisibleOnly): one that cannot be read names the site.
  const title = alert ? alert.title : 'هدف · Hadaf'
  const lang = alert && alert.lang === 'en' ? 'en' : 'ar'
  const tag = alert && typeof alert.topic === 'string' && alert.topic ? alert.topic : undefined
  event.waitUntil(
    self.registration.showNotification(title, {
      body: alert && typeof alert.body === 'string' ? alert.body : '',
      icon: ICON,
      lang,
      dir: lang === 'ar' ? 'rtl' : 'ltr',
      tag,
      renotify: tag !== undefined,
      data: { url: pageOf(alert && typeof alert.url === 'string' ? alert.url : `/${lang}/`) },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = pageOf(event.notification.data && event.notification.data.url)
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url)
      return open ? open.focus() : self.clients.openWindow(url)
    }),
  )
})
