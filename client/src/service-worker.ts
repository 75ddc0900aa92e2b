// The service worker (client/sw.js) is registered for everyone once the page has loaded: it keeps the
// app's shell for an offline reload (the offline page instead of the browser's error). Push
// notifications stay opt-in (features/care/push.ts asks for permission only when the owner turns them on).
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a worker the app works as before, only not offline.
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
