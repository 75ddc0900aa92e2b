// The reads the first-aid screens make (docs/first-aid.md): plain GETs at fixed REST paths rather than
// batched tRPC calls, so the service worker (client/sw.js) can keep their last answers and give them
// back with no network. The guide is public; the emergency card is the signed-in reader's own and is
// kept in the worker's personal cache, which signing out empties (storage.ts clearAll).
import type { FirstAidGuide } from '../../shared/schemas/first-aid.ts'
import type { EmergencyCard } from '../../shared/schemas/household.ts'
import { currentToken } from './session.ts'

export const FIRST_AID_PATH = '/api/first-aid'
export const EMERGENCY_CARD_PATH = '/api/household/emergency-card'

export class ReadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

async function readJson<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, { headers: { accept: 'application/json', ...headers } })
  } catch {
    throw new ReadError('No connection, and this page was not saved on this device yet.', 0)
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null
    throw new ReadError(
      typeof body?.error === 'string' ? body.error : 'This could not be loaded.',
      response.status,
    )
  }
  return (await response.json()) as T
}

export const readFirstAidGuide = () => readJson<FirstAidGuide>(FIRST_AID_PATH)

/** The cat's emergency card; `catId` absent: the reader's current cat, as the server chooses it. */
export async function readEmergencyCard(catId?: number): Promise<EmergencyCard> {
  const token = await currentToken().catch(() => '')
  const query = catId === undefined ? '' : `?cat_id=${catId}`
  return readJson<EmergencyCard>(
    `${EMERGENCY_CARD_PATH}${query}`,
    token ? { authorization: `Bearer ${token}` } : {},
  )
}
