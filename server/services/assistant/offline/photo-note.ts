// The offline specialist cannot look at photos: when the owner's message carries some, the
// reply says it has them and that the advice goes by what the owner wrote, so nobody believes a photo
// was examined.
import type { AssistantMessage } from '../types.ts'

/** The note for `count` photos (1 or more). */
export function photoNote(count: number): string {
  const one = count === 1
  return one
    ? "I can see you've shared a photo, thank you. I can't examine photos here, so my answer goes by what you've written; if the photo shows something worse than you described, please show it to your vet."
    : `I can see you've shared ${count} photos, thank you. I can't examine photos here, so my answer goes by what you've written; if the photos show something worse than you described, please show them to your vet.`
}

/** The reply with the photo note first, when the owner's newest message carries photos. */
export function withPhotoNote(history: readonly AssistantMessage[], reply: string): string {
  const last = history.findLast((message) => message.role === 'user')
  const count = last?.images?.length ?? 0
  return count === 0 ? reply : `${photoNote(count)}\n\n${reply}`
}
