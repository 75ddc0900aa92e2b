// The reviewed entries (server/knowledge) that match an owner's question, written out for a model's
// instructions, so both assistants answer from the same reviewed advice.
import { matchTopics } from './offline/topic-match.ts'
import type { AssistantMessage } from './types.ts'

export function groundingFor(history: readonly AssistantMessage[]): string | null {
  const question = history.findLast((message) => message.role === 'user')?.content ?? ''
  const topics = matchTopics(question)
  if (topics.length === 0) return null
  return topics
    .map((topic) =>
      [
        `### ${topic.title}`,
        topic.summary,
        ...topic.tips.map((tip) => `- ${tip}`),
        topic.whenToSeeVet ? `When to see a vet: ${topic.whenToSeeVet}` : null,
        `Sources: ${topic.sources.map((source) => source.name).join('; ')}`,
      ]
        .filter((line): line is string => line !== null)
        .join('\n'),
    )
    .join('\n\n')
}
