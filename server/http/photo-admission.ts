// Who may take a photo slot, decided from the request line and headers before its body is read: a
// trickled upload for someone else's cat, or without a session, never holds a slot while it arrives.
// - a stored file's signed address (server/services/signed-urls.ts): its signature stands for the
//   session, checked here (404 when it fails or has expired, as the procedure would answer);
// - otherwise no session the server accepts: 401 (every other photo route needs one);
// - a path that names a cat or a chat photo not the requester's: 404, as the procedure would answer;
// - an upload by an account without an active or trialing subscription: low priority (a shared slot);
//   a subscriber's request, and an owner reading their own record, go first (heavy-gate.ts).
import type { FastifyRequest } from 'fastify'
import type { SignedFileKind } from '../../shared/schemas/files.ts'
import { bearerToken } from '../context.ts'
import { hasActiveSubscription } from '../domain/billing/entitlement.ts'
import { errorBody } from '../errors.ts'
import type { Services } from '../services/services.ts'
import type { Admission } from './heavy-gate.ts'

const CAT_PATH = /^\/api\/supabase\/cats\/([1-9]\d{0,8})\/?(?:\?|$)/
const SIGNED_FILES = '/api/files/'
const SIGNED_FILE_PATH = /^\/api\/files\/(cat|chat|doc)\/([1-9]\d{0,8})(?:\?|$)/
const ATTACHMENT_PATH = /^\/api\/chat\/attachments\/([1-9]\d{0,8})\/?(?:\?|$)/

function refuse(status: number, code: Parameters<typeof errorBody>[0]): Admission {
  return { refuse: { status, body: errorBody(code) } }
}

export function photoAdmission(services: Pick<Services, 'db' | 'tokens'>) {
  return async (req: FastifyRequest): Promise<Admission> => {
    if (req.url.startsWith(SIGNED_FILES)) {
      const file = SIGNED_FILE_PATH.exec(req.url)
      if (!file) return refuse(404, 'NOT_FOUND')
      const { exp, sig } = req.query as Record<string, string | undefined>
      const opens =
        typeof exp === 'string' &&
        typeof sig === 'string' &&
        services.tokens.files.opens({
          kind: file[1] as SignedFileKind,
          id: Number(file[2]),
          exp: Number(exp),
          sig,
        })
      return opens ? { priority: true } : refuse(404, 'NOT_FOUND')
    }
    const token = bearerToken(req.headers.authorization)
    const user = token ? await services.tokens.verify(token) : null
    if (!user) return refuse(401, 'NOT_AUTHENTICATED')
    const cat = CAT_PATH.exec(req.url)
    if (cat) {
      const owned = await services.db.cat.findFirst({
        where: { id: Number(cat[1]), userId: user.id },
        select: { id: true },
      })
      if (!owned) return refuse(404, 'NOT_FOUND')
    }
    const attachment = ATTACHMENT_PATH.exec(req.url)
    if (attachment && req.method === 'GET') {
      const owned = await services.db.chatAttachment.findFirst({
        where: { id: Number(attachment[1]), userId: user.id },
        select: { id: true },
      })
      if (!owned) return refuse(404, 'ATTACHMENT_NOT_FOUND')
    }
    // Reads are of the owner's own records (checked above on REST, by the procedure on /trpc).
    if (req.method === 'GET') return { priority: true }
    return { priority: await hasActiveSubscription(services.db, user.id) }
  }
}
