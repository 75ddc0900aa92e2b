// docs/product.md §4: an empty conversation starts with the specialist's four welcome lines, each after its
// own delay with the typing indicator showing, then saved with the chat.
import { useCallback } from 'react'
import { specialistWelcomeMessages } from '../../../../../shared/scripts.ts'
import { message, type UiMessage } from '../../../chat-message.ts'
import { trpc } from '../../../trpc.ts'
import { playScript } from '../script.ts'

export interface WelcomeScreen {
  setTyping(on: boolean): void
  append(line: UiMessage): void
}

export function useWelcome() {
  const { mutate: save } = trpc.conversation.update.useMutation({
    onError: (failure) => console.warn('Could not save the welcome messages', failure),
  })
  return useCallback(
    async (conversationId: number, catName: string, screen: WelcomeScreen, signal: AbortSignal) => {
      const welcome: UiMessage[] = []
      const show = (text: string) => {
        const line = message('assistant', text)
        welcome.push(line)
        screen.append(line)
      }
      await playScript(specialistWelcomeMessages(catName), 0, { setTyping: screen.setTyping, show }, signal)
      save({ id: conversationId, messages: welcome.map(({ id, role, content }) => ({ id, role, content })) })
    },
    [save],
  )
}
