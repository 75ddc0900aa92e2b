// The offline specialist cannot look at photos (issue 20): when the owner's message carries some, the
// reply says it has them and that the advice goes by what the owner wrote, so nobody believes a photo
// was examined.
import type { AssistantMessage } from '../types.ts'

export const PHOTO_NOTE =
  "I can see you've shared a photo, thank you. I can't examine photos here, so my answer goes by what you've written; if anything in it looks worse than you described, please show it to your vet."

/** The reply with the photo note first, when the owner's newest message carries photos. */
export function withPhotoNote(history: readonly AssistantMessage[], reply: string): string {
  const last = history.findLast((message) => message.role === 'user')
  const count = last?.images?.length ?? 0
  if (count === 0) return reply
  const note =
    count > 1
      ? PHOTO_NOTE.replace('a photo', `${count} photos`).replace('examine photos', 'examine them')
      : PHOTO_NOTE
  return `${note}\n\n${reply}`
}
