// The signed-in session as the browser keeps it (SPEC §3 "Session data", CONTRACT "Session token"):
// the token, its expiry in epoch ms and the e-mail, in local storage.
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { useNavigate } from 'react-router'
import { greetingName } from '../../shared/rules/names.ts'
import { clearAll, useStoredText, writeText } from './storage.ts'

export interface TokenPayload {
  sub?: string
  email?: string
  exp?: number
  user_metadata?: { first_name?: unknown; full_name?: unknown; avatar_url?: unknown }
}

/** Where the screen sends a browser whose session ran out (the login screen explains it). */
export const EXPIRED_LOGIN_PATH = '/login?expired=1'

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
export function storeSession(session: { token: string; expiresAtMs: number; email: string }) {
  writeText('token', session.token)
  writeText('expiry', String(session.expiresAtMs))
  writeText('email', session.email)
}

/** Logout (SPEC §4): all local storage and every cached server answer go. */
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
      if (left <= 0) {
        signOut(EXPIRED_LOGIN_PATH)
        return
      }
      timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS))
    }
    arm()
    return () => clearTimeout(timer)
  }, [token, expiry, signOut])
}
