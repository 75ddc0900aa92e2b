// The REST photo rows (uploads and reads): a few at a time (../heavy-gate.ts); uploads are read by the
// upload reader, which keeps a photo's bytes in a Buffer instead of a JS array (../upload-body.ts). Its
// own scope: the gate, the slow-sender guard and the upload reader apply to these rows alone.
import type { FastifyPluginAsync } from 'fastify'
import { DEFAULT_BODY_LIMIT } from '../../body-limits.ts'
import { registerRestRoutes } from '../../rest/adapter.ts'
import { restRows } from '../../rest/table.ts'
import type { Services } from '../../services/services.ts'
import { gateHook, mayHaveLargeBody, type PhotoGate, slowUploadGuard } from '../heavy-gate.ts'
import { uploadJsonParser } from '../upload-body.ts'

export const photoRoutes: FastifyPluginAsync<{ services: Services; photoGate: PhotoGate }> = async (
  photos,
  { services, photoGate },
) => {
  photos.removeContentTypeParser('application/json')
  photos.addContentTypeParser('application/json', uploadJsonParser(DEFAULT_BODY_LIMIT))
  // A photo read always takes a slot; an upload only when its body may be large (a photo in it).
  photos.addHook(
    'onRequest',
    gateHook(
      photoGate.gate,
      (req) => (req.method === 'GET' || mayHaveLargeBody(req) ? 1 : 0),
      photoGate.admit,
    ),
  )
  photos.addHook('preParsing', slowUploadGuard())
  registerRestRoutes(
    photos,
    services,
    restRows().filter((row) => row.heavy),
  )
}
