// The owner's photos on the OpenAI wire format: a user turn with photos becomes content parts,
// its text then one `image_url` part per photo (a data URL: nothing is fetched from us), which vision
// models read; a turn without photos stays plain text.
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import type { AssistantMessage } from './types.ts'

export function withImageParts(history: readonly AssistantMessage[]): ChatCompletionMessageParam[] {
  return history.map(({ role, content, images }) =>
    role === 'user' && images && images.length > 0
      ? {
          role,
          content: [
            { type: 'text' as const, text: content },
            ...images.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
          ],
        }
      : { role, content },
  )
}
