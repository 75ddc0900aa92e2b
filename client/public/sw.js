// Kitty Care's service worker: shows the check-in reminders pushed to this device (opt-in) and opens
// the check-in when one is tapped. Nothing is cached: the app is always loaded from the server.
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
