// Which cat an owner's message was about: one conversation serves the household, so for an
// owner of two or more cats each of their messages names its cat; an owner of one cat sees nothing new.
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import type { UiMessage } from '../../chat-message.ts'

export function withCatNames(
  messages: readonly UiMessage[],
  cats: ReadonlyArray<{ id: number; name: string }>,
): readonly UiMessage[] {
  if (cats.length < 2) return messages
  const names = new Map(cats.map((cat) => [cat.id, catDisplayName(cat.name)]))
  return messages.map((m) => {
    const about = m.role === 'user' && m.catId ? names.get(m.catId) : undefined
    return about ? { ...m, about } : m
  })
}
