import { router } from '../trpc.ts'

export const authRouter = router({})
