// What the specialist is told about an owner's other cats: their names, which one the chat is
// about, and to ask which cat the owner means when it matters and the owner chose none.
import type { CatProfileForAssistant } from './types.ts'

const flat = (name: string) => name.replace(/\s+/g, ' ').trim()

/** No line for an owner of one cat; otherwise one paragraph of the system prompt. */
export function householdLine(cat: CatProfileForAssistant | null): string[] {
  const household = cat?.household
  if (!household || household.names.length < 2) return []
  const names = household.names.map(flat).join(', ')
  const name = flat(cat?.name ?? '') || 'this cat'
  if (household.chosen) {
    return [
      `The owner's cats: ${names}. The owner chose ${name} for this chat and the profile above is ${name}'s; when the owner names another of their cats, answer about that cat by its name (you do not have its profile, so ask for what you need).`,
    ]
  }
  return [
    `The owner's cats: ${names}. The profile above is ${name}'s (the newest), but the owner has not said which cat this chat is about: answer about the cat the owner names, and when a question depends on the cat and names none, ask which cat they mean before advising.`,
  ]
}
