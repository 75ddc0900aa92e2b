// Links a phone number or an address opens in the phone's own apps: the dialler and the maps.

/**
 * A `tel:` URI (RFC 3966) of a phone as owners write it: its digits and a leading +, an extension as
 * `;ext=`. Spaces, dots and brackets are left out (a phone's dialler ignores them, some refuse them).
 */
export function telHref(phone: string): string {
  const [, main = phone, extension] = /^(.*?)(?:\s*(?:x|ext\.?)\s*(\d+))?$/i.exec(phone.trim()) ?? []
  const digits = main.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
  return `tel:${digits}${extension ? `;ext=${extension}` : ''}`
}

/**
 * A map search for an address (Google Maps' documented search URL), opened on the map provider's
 * site: only the address the owner saved is in it.
 */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`
}
