// The stored file a signed address opens (server/services/signed-urls.ts; docs/api.md "Photos and
// documents"). The owner was checked when the address was made; here the signature stands for that
// check. A bad or expired signature answers 404, the same as a missing file, so an address says
// nothing about what exists.
import type { SignedFileKind } from '../../../shared/schemas/files.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { FileUrlSigner, SignedAddress } from '../../services/signed-urls.ts'

export interface SignedFile {
  mimetype: string
  data: Uint8Array
}

const select = { mimetype: true, data: true } as const

function storedFile(db: Db, kind: SignedFileKind, id: number) {
  switch (kind) {
    case 'cat':
      return db.catPhoto.findUnique({ where: { catId: id }, select })
    case 'chat':
      return db.chatAttachment.findUnique({ where: { id }, select })
    case 'doc':
      return db.catDocument.findUnique({ where: { id }, select })
  }
}

export async function signedFile(db: Db, urls: FileUrlSigner, address: SignedAddress): Promise<SignedFile> {
  if (!urls.opens(address)) throw appError('NOT_FOUND')
  const row = await storedFile(db, address.kind, address.id)
  if (!row) throw appError('NOT_FOUND')
  return row
}
