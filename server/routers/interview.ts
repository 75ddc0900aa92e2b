import { router } from '../trpc.ts'

export const interviewRouter = router({})
