// The signed-in session as the browser keeps it (docs/product.md §3 "Session data",
// docs/api.md "Session token"): the token, its expiry in epoch ms and the e-mail, in local storage.
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { useNavigate } from 'react-router'
import { greetingName } from '../../shared/rules/names.ts'
import { clearAll, readText, useStoredText, writeText } from './storage.ts'

export interface TokenPayload {
  sub?: string
  email?: string
  exp?: number
  /** The address was proved with a code when the token was issued (a sign-up's session: false). */
  email_verified?: boolean
  user_metadata?: { first_name?: unknown; full_name?: unknown; avatar_url?: unknown }
}

/** Where the screen sends a browser whose session ran out (the login screen explains it). */
export const EXPIRED_LOGIN_PATH = '/login?expired=1'
/** Where it sends a browser whose session the server ended before its time (signed out elsewhere). */
export const ENDED_LOGIN_PATH = '/login?ended=1'

/** The login screen's explanation for a refused `token`: "expired" only when its time really ran out. */
export function refusedSessionPath(token: string, now = Date.now()): string {
  const exp = decodeTokenPayload(token)?.exp
  return typeof exp === 'number' && exp * 1000 > now ? ENDED_LOGIN_PATH : EXPIRED_LOGIN_PATH
}

function base64UrlDecode(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=')
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/**
 * The token's payload, read without checking the signature (the server checks it on every call; the
 * browser only wants the name and expiry). A token that cannot be read is logged and gives null.
 */
export function decodeTokenPayload(token: string): TokenPayload | null {
  try {
    const part = token.split('.')[1]
    if (!part) throw new Error('not a JWT')
    const payload: unknown = JSON.parse(base64UrlDecode(part))
    if (!payload || typeof payload !== 'object') throw new Error('payload is not an object')
    return payload as TokenPayload
  } catch (error) {
    console.warn('Could not read the session token', error)
    return null
  }
}

/** 'Ada' for 'Welcome Ada': user_metadata.first_name, else the first word of full_name, else ''. */
export function greetingFromToken(token: string): string {
  return greetingName(decodeTokenPayload(token)?.user_metadata)
}

/** Stores a new session; `expiresAtMs` is epoch milliseconds. */
export function storeSession(session: {
  token: string
  expiresAtMs: number
  email: string
  refreshToken?: string | undefined
}) {
  writeText('token', session.token)
  writeText('expiry', String(session.expiresAtMs))
  writeText('email', session.email)
  if (session.refreshToken) writeText('refreshToken', session.refreshToken)
}

/** Renew this long before the access token runs out, so no call goes out with a dying token. */
const RENEW_BEFORE_MS = 120_000
let renewing: Promise<boolean> | null = null

/**
 * Trades the stored refresh token for a new access token (and a new refresh token), once at a time
 * across this tab's callers and across tabs (Web Locks), since a refresh token used twice ends the
 * session. True when the stored token is fresh afterwards. A plain request, not the tRPC client: that
 * client's links call this (to put a fresh token on every call), so going through them would wait on itself.
 */
export function renewSession(force = false): Promise<boolean> {
  renewing ??= (async () => {
    const run = async () => {
      const before = readText('refreshToken')
      const fresh = Number(readText('expiry')) - Date.now() > RENEW_BEFORE_MS
      if (!before) return false
      if (fresh && !force) return true
      const res = await fetch('/api/supabase/token/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: before }),
      })
      // Another tab may have rotated it meanwhile: what it stored counts.
      if (readText('refreshToken') !== before) return true
      if (!res.ok) return false
      const out = (await res.json()) as { access_token: string; expires_at: number; refresh_token: string }
      writeText('token', out.access_token)
      writeText('expiry', String(out.expires_at * 1000))
      writeText('refreshToken', out.refresh_token)
      return true
    }
    try {
      return 'locks' in navigator ? await navigator.locks.request('kitty-session-renew', run) : await run()
    } catch (error) {
      console.warn('Renewing the session failed', error)
      return false
    } finally {
      renewing = null
    }
  })()
  return renewing
}

/** The token to send now: renewed first when it is about to run out. */
export async function currentToken(): Promise<string> {
  const expiry = Number(readText('expiry'))
  if (readText('refreshToken') && expiry - Date.now() < RENEW_BEFORE_MS) await renewSession()
  return readText('token')
}

/** Logout (docs/product.md §4): all local storage and every cached server answer go. */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(
    (to = '/login') => {
      clearAll()
      queryClient.clear()
      navigate(to, { replace: true })
    },
    [queryClient, navigate],
  )
}

// setTimeout counts in a signed 32-bit integer; longer sessions (SESSION_TTL=30d) re-arm the timer.
const MAX_TIMER_MS = 2_147_483_647

/**
 * Signs the browser out with a short explanation when the stored session ends while a page is open,
 * and at once when a page opens on a session that has already ended.
 */
export function useSessionExpiry() {
  const token = useStoredText('token')
  const expiry = useStoredText('expiry')
  const signOut = useSignOut()
  useEffect(() => {
    if (!token) return
    const end = Number(expiry)
    let timer: ReturnType<typeof setTimeout>
    const arm = () => {
      const left = Number.isFinite(end) ? end - Date.now() : 0
      // With a refresh token the session is renewed shortly before its end (the new expiry re-arms this).
      if (left <= RENEW_BEFORE_MS && readText('refreshToken')) {
        void renewSession().then((ok) => {
          if (!ok) signOut(EXPIRED_LOGIN_PATH)
        })
        return
      }
      if (left <= 0) {
        signOut(EXPIRED_LOGIN_PATH)
        return
      }
      const renewAt = readText('refreshToken') ? left - RENEW_BEFORE_MS : left
      timer = setTimeout(arm, Math.min(renewAt, MAX_TIMER_MS))
    }
    arm()
    return () => clearTimeout(timer)
  }, [token, expiry, signOut])
}
