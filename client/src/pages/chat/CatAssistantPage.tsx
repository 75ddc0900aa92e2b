// /cat-assistant (docs/product.md §2 "Chat room", §4, §5): the chat with the specialist.
import { useMemo } from 'react'
import { EXPERT_NAME } from '../../../../shared/constants.ts'
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import { CheckInOpening } from '../../features/care/CheckInOpening.tsx'
import {
  AttachPhotoButton,
  ChatError,
  ChatScreen,
  connectionLabel,
  PhotoTray,
  UrgencyBanner,
  usePhotoAttachments,
  useSpecialistChat,
} from '../../features/chat/index.ts'
import { FollowUpAnswers } from '../../features/follow-ups/FollowUpAnswers.tsx'
import { useCatVets } from '../../features/health-record/index.ts'
import { withCatNames } from '../../features/household/about-cat.ts'
import { CatSwitcher } from '../../features/household/CatSwitcher.tsx'
import { ChatWeightOffer } from '../../features/progress/ChatWeightOffer.tsx'
import { useCats } from '../../hooks/useCats.ts'
import { LoadingOverlay } from '../../loading.tsx'

export function CatAssistantPage() {
  const chat = useSpecialistChat()
  const photos = usePhotoAttachments()
  const connected = chat.connection === 'connected'
  const { cats, current } = useCats()
  const messages = useMemo(() => withCatNames(chat.messages, cats), [chat.messages, cats])
  // An urgent reply's banner names the cat's vets with a call link; a routine chat does not read them.
  const urgent =
    chat.escalation !== null || chat.messages.some((m) => m.urgency === 'emergency' || m.urgency === 'urgent')
  const vets = useCatVets(chat.catId, urgent)

  return (
    <ChatScreen
      layout="room"
      titleId="chat-title"
      title={`Chat with ${EXPERT_NAME}`}
      // The chat names the cat it is about (docs/product.md §4): each cat has its own conversation.
      status={
        <>
          <p className="chat__status" role="status" data-connection={chat.connection}>
            {connectionLabel(chat.connection)}
          </p>
          {chat.catName && <p className="chat__about">About {catDisplayName(chat.catName)}</p>}
        </>
      }
      aside={<CatSwitcher onChosen={chat.switchCat} />}
      top={
        <>
          {/* While the cat's escalation is open its banner stays, above every later answer. */}
          {chat.escalation && (
            <div className="chat__held-escalation">
              <UrgencyBanner urgency={chat.escalation.urgency} vets={vets} />
            </div>
          )}
          <CheckInOpening />
          {chat.connection === 'connecting' && chat.messages.length === 0 && <LoadingOverlay />}
        </>
      }
      messages={messages}
      vets={vets}
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
          <>
            <ChatWeightOffer messages={chat.messages} cats={cats} chatCat={current ?? null} />
            <FollowUpAnswers messages={chat.messages} catName={chat.catName} />
          </>
        )
      }
      bottom={<PhotoTray attachments={photos} />}
      composer={{
        onSend: (text) => {
          chat.send(text, photos.readyIds)
          photos.clear()
        },
        sendDisabled: !connected || chat.typing || chat.streaming || photos.busy || photos.blocked,
        tools: <AttachPhotoButton onFiles={photos.add} disabled={!connected || photos.full} />,
        label: `Message ${EXPERT_NAME}`,
        placeholder: chat.catName ? `Ask about ${chat.catName}…` : 'Type your message…',
        streaming: chat.streaming,
        onStop: chat.stop,
      }}
      screenProps={photos.dropHandlers}
    />
  )
}
