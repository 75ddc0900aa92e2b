import { createCallerFactory, router } from '../trpc.ts'
import { accountRouter } from './account.ts'
import { attachmentRouter } from './attachment.ts'
import { authRouter } from './auth.ts'
import { billingRouter } from './billing.ts'
import { careRouter } from './care.ts'
import { catRouter } from './cat.ts'
import { conversationRouter } from './conversation.ts'
import { fileRouter } from './file.ts'
import { firstAidRouter } from './first-aid.ts'
import { followUpRouter } from './follow-up.ts'
import { householdRouter } from './household.ts'
import { interviewRouter } from './interview.ts'
import { opsRouter } from './ops.ts'
import { progressRouter } from './progress.ts'
import { recordRouter } from './record.ts'

export const appRouter = router({
  auth: authRouter,
  cat: catRouter,
  conversation: conversationRouter,
  interview: interviewRouter,
  billing: billingRouter,
  account: accountRouter,
  progress: progressRouter,
  attachment: attachmentRouter,
  care: careRouter,
  record: recordRouter,
  followUp: followUpRouter,
  household: householdRouter,
  ops: opsRouter,
  file: fileRouter,
  firstAid: firstAidRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
export type AppCaller = ReturnType<typeof createCaller>
