import { router } from '../trpc.ts'

export const conversationRouter = router({})
