// The chat feature: what pages and other features use. Its files are its own; reach them through here.

export { message, newMessageId, type UiMessage } from '../../chat-message.ts'
export { AiDisclosure } from './AiDisclosure.tsx'
export { AttachPhotoButton } from './attachments/AttachPhotoButton.tsx'
export { PhotoTray } from './attachments/PhotoTray.tsx'
export { type PhotoAttachments, usePhotoAttachments } from './attachments/usePhotoAttachments.ts'
export { ChatError } from './ChatError.tsx'
export { ChatScreen, type ChatScreenProps } from './ChatScreen.tsx'
export { Composer } from './Composer.tsx'
export { MessageList } from './MessageList.tsx'
export { PreparingPanel } from './preparing/PreparingPanel.tsx'
export {
  PREPARATION_TEXT,
  type Preparation,
  useSessionPreparation,
} from './preparing/useSessionPreparation.ts'
export { isAbort, playScript, type ScriptHooks } from './script.ts'
export { type Connection, connectionLabel } from './specialist/connection.ts'
export { useSpecialistChat } from './specialist/useSpecialistChat.ts'
export { UrgencyBanner } from './UrgencyBanner.tsx'
export { type SavedVets, telHref } from './vet-calls.ts'
