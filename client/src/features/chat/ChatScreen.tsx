// The shell every chat screen repeats (docs/product.md §2, §5): a header with the title, the status or
// connection line and the AI disclosure, the conversation, and the message box. The screen keeps the draft:
// sending hands it over and empties the box.
import { type HTMLAttributes, type ReactNode, useState } from 'react'
import type { UiMessage } from '../../chat-message.ts'
import { Icon } from '../../components/Icon.tsx'
import { AiDisclosure } from './AiDisclosure.tsx'
import { Composer, type ComposerProps } from './Composer.tsx'
import { MessageList } from './MessageList.tsx'
import type { SavedVets } from './vet-calls.ts'

export interface ChatScreenProps {
  /** 'room': the specialist's full-height room, its avatar beside the title; 'card': a chat card in the page. */
  layout: 'room' | 'card'
  titleId: string
  title: ReactNode
  /** The status or connection line (under the title in a room, beside it on a card). */
  status: ReactNode
  /** In the header before the disclosure line (a Skip button). */
  actions?: ReactNode
  /** In the header after the disclosure line (the cat switcher). */
  aside?: ReactNode
  /** The receptionist's screens name both personas in the disclosure. */
  reception?: boolean
  /** Between the header and the conversation. */
  top?: ReactNode
  messages: readonly UiMessage[]
  /** The cat's saved vets, which an urgent reply's banner names with a call link. */
  vets?: SavedVets | null | undefined
  author: string
  typing: boolean
  /** Above the messages, inside the conversation. */
  before?: ReactNode
  /** Under the messages, inside the conversation. */
  after?: ReactNode
  /** Between the conversation and the message box (the photo tray). */
  bottom?: ReactNode
  composer: Omit<ComposerProps, 'value' | 'onChange'>
  /** On the whole screen (dropping or pasting photos). */
  screenProps?: HTMLAttributes<HTMLElement>
}

export function ChatScreen(props: ChatScreenProps) {
  const [draft, setDraft] = useState('')
  const heading = (
    <h1 id={props.titleId} className="chat__title">
      {props.title}
    </h1>
  )
  return (
    <section className={`chat chat--${props.layout}`} aria-labelledby={props.titleId} {...props.screenProps}>
      <header className="chat__header">
        {props.layout === 'room' ? (
          <>
            <div className="chat__avatar" aria-hidden="true">
              <Icon name="paw" />
            </div>
            <div>
              {heading}
              {props.status}
            </div>
          </>
        ) : (
          <>
            {heading}
            {props.status}
          </>
        )}
        {props.actions}
        <AiDisclosure reception={props.reception ?? false} />
        {props.aside}
      </header>
      {props.top}
      <MessageList
        messages={props.messages}
        author={props.author}
        typing={props.typing}
        before={props.before}
        after={props.after}
        vets={props.vets}
      />
      {props.bottom}
      <Composer
        {...props.composer}
        value={draft}
        onChange={setDraft}
        onSend={(text) => {
          props.composer.onSend(text)
          setDraft('')
        }}
      />
    </section>
  )
}
