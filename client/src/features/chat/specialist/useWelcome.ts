// SPEC §4: an empty conversation starts with the specialist's four welcome lines, each after its own delay
// with the typing indicator showing, then saved with the chat.
import { useCallback } from 'react'
import { specialistWelcomeMessages } from '../../../../../shared/scripts.ts'
import { trpc } from '../../../trpc.ts'
import { playScript } from '../script.ts'
import { message, type UiMessage } from '../types.ts'

export interface WelcomeScreen {
  setTyping(on: boolean): void
  append(line: UiMessage): void
}

export function useWelcome() {
  const client = trpc.useUtils().client
  return useCallback(
    async (conversationId: number, catName: string, screen: WelcomeScreen, signal: AbortSignal) => {
      const welcome: UiMessage[] = []
      const show = (text: string) => {
        const line = message('assistant', text)
        welcome.push(line)
        screen.append(line)
      }
      await playScript(specialistWelcomeMessages(catName), 0, { setTyping: screen.setTyping, show }, signal)
      await client.conversation.update
        .mutate({
          id: conversationId,
          messages: welcome.map(({ id, role, content }) => ({ id, role, content })),
        })
        .catch((failure: unknown) => console.warn('Could not save the welcome messages', failure))
    },
    [client],
  )
}
