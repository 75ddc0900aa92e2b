// /cat-assistant (SPEC §2 "Chat room", §4, §5): the chat with the specialist.
import { useState } from 'react'
import { EXPERT_NAME } from '../../../../shared/constants.ts'
import { Icon } from '../../components/Icon.tsx'
import { CheckInOpening } from '../../features/care/CheckInOpening.tsx'
import {
  AiDisclosure,
  AttachPhotoButton,
  ChatError,
  Composer,
  connectionLabel,
  MessageList,
  PhotoTray,
  usePhotoAttachments,
  useSpecialistChat,
} from '../../features/chat/index.ts'
import { CatSwitcher } from '../../features/household/CatSwitcher.tsx'
import { ChatWeightOffer } from '../../features/progress/ChatWeightOffer.tsx'
import { LoadingOverlay } from '../../loading.tsx'

export function CatAssistantPage() {
  const chat = useSpecialistChat()
  const [text, setText] = useState('')
  const connected = chat.connection === 'connected'

  const photos = usePhotoAttachments()

  const send = (value: string) => {
    chat.send(value, photos.readyIds)
    photos.clear()
    setText('')
  }

  return (
    <section className="chat chat--room" aria-labelledby="chat-title" {...photos.dropHandlers}>
      <header className="chat__header">
        <div className="chat__avatar" aria-hidden="true">
          <Icon name="paw" />
        </div>
        <div>
          <h1 id="chat-title" className="chat__title">
            Chat with {EXPERT_NAME}
          </h1>
          <p className="chat__status" role="status" data-connection={chat.connection}>
            {connectionLabel(chat.connection)}
          </p>
        </div>
        <AiDisclosure />
        <CatSwitcher onChosen={chat.switchCat} />
      </header>
      <CheckInOpening />
      {chat.connection === 'connecting' && chat.messages.length === 0 && <LoadingOverlay />}
      <MessageList
        messages={chat.messages}
        author={EXPERT_NAME}
        typing={chat.typing}
        before={
          chat.canLoadEarlier ? (
            <button
              type="button"
              className="btn btn--ghost chat__earlier"
              onClick={() => void chat.loadEarlier()}
              disabled={chat.loadingEarlier}
            >
              {chat.loadingEarlier ? 'Loading…' : 'Show earlier messages'}
            </button>
          ) : null
        }
        after={
          chat.error ? (
            <ChatError message={chat.error.text} onRetry={chat.error.retry} />
          ) : (
            <ChatWeightOffer messages={chat.messages} catName={chat.catName} />
          )
        }
      />
      <PhotoTray attachments={photos} />
      <Composer
        value={text}
        onChange={setText}
        onSend={send}
        sendDisabled={!connected || chat.typing || chat.streaming || photos.busy || photos.blocked}
        tools={<AttachPhotoButton onFiles={photos.add} disabled={!connected || photos.full} />}
        label={`Message ${EXPERT_NAME}`}
        placeholder={chat.catName ? `Ask about ${chat.catName}…` : 'Type your message…'}
        streaming={chat.streaming}
        onStop={chat.stop}
      />
    </section>
  )
}
