// Opting this device in to push reminders: permission, the service worker (public/sw.js) and a push
// subscription with the server's VAPID key. Anything missing gives a sentence the editor shows.

export class PushUnavailable extends Error {}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

/** This browser's push subscription, as the server stores it. */
export async function subscribeThisDevice(publicKey: string) {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    throw new PushUnavailable(
      'This browser cannot show notifications. On an iPhone, add Kitty Care to the home screen first.',
    )
  }
  if ((await Notification.requestPermission()) !== 'granted') {
    throw new PushUnavailable('Notifications are blocked for this site in the browser settings.')
  }
  const registration = await navigator.serviceWorker.register('/sw.js')
  await navigator.serviceWorker.ready
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }))
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } }
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } }
}
