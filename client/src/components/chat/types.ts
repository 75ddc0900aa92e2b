// Moved to features/chat. Kept only for pages/interview, which is being moved to features/interview on
// another branch: once that lands, its imports read features/chat/index.ts and this file goes.
export { message, newMessageId, type UiMessage } from '../../features/chat/index.ts'
