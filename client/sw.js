// Kitty Care's service worker, registered for everyone (client/src/service-worker.ts):
// - it precaches the app's shell (the entry script and style, the offline page, the manifest and the
//   icons; the list below is written at build time by vite.config.ts) and keeps each hashed asset it
//   fetches, so a reload without a network shows the offline page instead of the browser's error;
// - it shows the check-in reminders pushed to this device (push stays opt-in: nothing is pushed until
//   the owner turns it on) and opens the check-in when one is tapped.
// - the first-aid guide works with no network (docs/first-aid.md): its pages, the guide and the poison
//   lines are kept at install and refreshed on every visit; the reader's emergency card is kept, after
//   it was opened once, in a personal cache that signing out empties (client/src/storage.ts clearAll).
// Every other API call and page goes to the server and is never kept here.

// The build replaces this line with the shell's files and a version that changes with any of them.
const PRECACHE = { version: 'dev', urls: ['/offline.html'] }

const CACHE = `kitty-shell-${PRECACHE.version}`
const OFFLINE_PAGE = '/offline.html'
/** The guide's page (one app page serves every /first-aid path) and its public data. */
const FIRST_AID_PAGE = '/first-aid'
const FIRST_AID_DATA = '/api/first-aid'
/** The signed-in reader's emergency cards: unversioned, so an update keeps them; sign-out drops it. */
const PERSONAL_CACHE = 'kitty-personal'
const EMERGENCY_CARD = '/api/household/emergency-card'

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...PRECACHE.urls, FIRST_AID_PAGE, FIRST_AID_DATA]))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  // The shells of earlier versions go; this version takes over the open pages at once.
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('kitty-shell-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

/** Network first, the copy kept for next time; with no network, the last copy kept. */
function networkFirst(event, cacheName, key) {
  return fetch(event.request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone()
        event.waitUntil(caches.open(cacheName).then((cache) => cache.put(key, copy)))
      }
      return response
    })
    .catch(() =>
      caches
        .open(cacheName)
        .then((cache) => cache.match(key))
        .then((cached) => cached ?? Promise.reject(new TypeError('offline and not kept'))),
    )
}

const isFirstAidPage = (url) =>
  url.pathname === FIRST_AID_PAGE || url.pathname.startsWith(`${FIRST_AID_PAGE}/`)

/** Built files have a content hash in their names: a cached copy is never stale. */
const isHashedAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/')

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (request.mode === 'navigate') {
    // Pages come from the server (it writes the runtime config into them); offline, the first-aid
    // page for the guide's paths (the app routes it) and the offline page for every other.
    if (url.origin === self.location.origin && isFirstAidPage(url)) {
      event.respondWith(networkFirst(event, CACHE, FIRST_AID_PAGE).catch(() => caches.match(OFFLINE_PAGE)))
    } else {
      event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE)))
    }
    return
  }
  if (url.origin === self.location.origin && url.pathname === FIRST_AID_DATA) {
    event.respondWith(networkFirst(event, CACHE, FIRST_AID_DATA))
    return
  }
  if (url.origin === self.location.origin && url.pathname === EMERGENCY_CARD) {
    event.respondWith(networkFirst(event, PERSONAL_CACHE, url.pathname + url.search))
    return
  }
  if (isHashedAsset(url) || PRECACHE.urls.includes(url.pathname)) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok && isHashedAsset(url)) {
              const copy = response.clone()
              event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)))
            }
            return response
          }),
      ),
    )
  }
})

self.addEventListener('push', (event) => {
  let data = { title: 'Kitty Care', body: 'Time for a check-in', url: '/progress' }
  try {
    data = { ...data, ...event.data.json() }
  } catch {}
  event.waitUntil(
    // The check-in's tag: a reminder pushed again (a retry) replaces its notification instead of adding one.
    self.registration.showNotification(data.title, {
      body: data.body,
      tag: data.tag,
      data: { url: data.url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = new URL(event.notification.data?.url ?? '/progress', self.location.origin)
  // Only this app's own pages are opened.
  const target =
    url.origin === self.location.origin
      ? url.href
      : new URL(url.pathname + url.search, self.location.origin).href
  event.waitUntil(self.clients.openWindow(target))
})
