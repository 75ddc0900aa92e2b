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
  // Each cat has its own conversation: an owner message is tagged with its cat only where one
  // conversation holds messages about several (one opened before conversations had cats).
  const messages = useMemo(() => {
    const about = new Set(chat.messages.flatMap((m) => (m.catId ? [m.catId] : [])))
    return withCatNames(chat.messages, about.size > 1 ? cats : [])
  }, [chat.messages, cats])
  // The open escalation's banner stays above the messages once the latest reply carries none of its own.
  const lastReply = chat.messages.findLast((m) => m.role === 'assistant')
  const heldBanner =
    chat.escalation && lastReply?.urgency !== 'emergency' && lastReply?.urgency !== 'urgent'
      ? chat.escalation
      : null
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
          {heldBanner && (
            <div className="chat__held-escalation">
              <UrgencyBanner urgency={heldBanner.urgency} vets={vets} />
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
